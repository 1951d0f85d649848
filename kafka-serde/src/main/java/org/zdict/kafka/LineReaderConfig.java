package org.zdict.kafka;

import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/**
 * The settings of {@link ZdictLineReader} that are not {@code zdict.*} ones: the topic (set by {@code
 * kafka-console-producer.sh} from {@code --topic}) and how lines split into key and value, with the names
 * and defaults of Kafka's own {@code LineMessageReader}. Its header and null-marker settings are refused,
 * not ignored.
 */
final class LineReaderConfig extends AbstractConfig {
    static final String TOPIC_CONFIG = "topic";
    static final String PARSE_KEY_CONFIG = "parse.key";
    static final String KEY_SEPARATOR_CONFIG = "key.separator";
    static final String KEY_SEPARATOR_DEFAULT = "\t";
    static final String IGNORE_ERROR_CONFIG = "ignore.error";
    static final String PARSE_HEADERS_CONFIG = "parse.headers";
    static final String NULL_MARKER_CONFIG = "null.marker";

    private static final ConfigDef DEFINITION = new ConfigDef()
            .define(
                    TOPIC_CONFIG,
                    Type.STRING,
                    ConfigDef.NO_DEFAULT_VALUE,
                    new ConfigDef.NonEmptyString(),
                    Importance.HIGH,
                    "The topic the records go to; the console producer sets it from --topic.")
            .define(
                    PARSE_KEY_CONFIG,
                    Type.BOOLEAN,
                    false,
                    Importance.MEDIUM,
                    "Split each line at the first " + KEY_SEPARATOR_CONFIG + " into a key (written as UTF-8"
                            + " bytes, not compressed) and a value.")
            // key.separator is read untrimmed from the originals: ConfigDef trims strings, and a tab is the default
            .define(
                    IGNORE_ERROR_CONFIG,
                    Type.BOOLEAN,
                    false,
                    Importance.LOW,
                    "With " + PARSE_KEY_CONFIG + ", write a line without " + KEY_SEPARATOR_CONFIG
                            + " as a value with no key instead of stopping.");

    LineReaderConfig(Map<String, ?> props) {
        super(DEFINITION, props, false);
        if (getBoolean(PARSE_KEY_CONFIG) && keySeparator().isEmpty()) {
            throw new ConfigException(KEY_SEPARATOR_CONFIG, "", "the key separator cannot be empty");
        }
        if ("true"
                .equalsIgnoreCase(
                        String.valueOf(props.get(PARSE_HEADERS_CONFIG)).trim())) {
            throw new ConfigException(
                    PARSE_HEADERS_CONFIG,
                    props.get(PARSE_HEADERS_CONFIG),
                    "ZdictLineReader reads no headers: each line is a value, or a key and a value with "
                            + PARSE_KEY_CONFIG + "=true");
        }
        if (props.containsKey(NULL_MARKER_CONFIG)) {
            throw new ConfigException(
                    NULL_MARKER_CONFIG,
                    props.get(NULL_MARKER_CONFIG),
                    "ZdictLineReader writes every line as it is (no null keys or values from a marker)");
        }
    }

    String topic() {
        return getString(TOPIC_CONFIG);
    }

    boolean parseKey() {
        return getBoolean(PARSE_KEY_CONFIG);
    }

    String keySeparator() {
        Object separator = originals().get(KEY_SEPARATOR_CONFIG);
        return separator == null ? KEY_SEPARATOR_DEFAULT : separator.toString();
    }

    boolean ignoreError() {
        return getBoolean(IGNORE_ERROR_CONFIG);
    }
}
