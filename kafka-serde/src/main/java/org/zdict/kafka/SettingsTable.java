package org.zdict.kafka;

import java.util.Locale;
import org.apache.kafka.common.config.ConfigDef;

/** Writes a {@link ConfigDef} as the Markdown settings tables of docs/KAFKA.md. */
final class SettingsTable {
    private SettingsTable() {}

    /** One row per setting (name, type, default, description), in definition order. */
    static String markdown(ConfigDef definition) {
        StringBuilder table = new StringBuilder("| Setting | Type | Default | Description |\n|---|---|---|---|\n");
        for (ConfigDef.ConfigKey key : definition.configKeys().values()) {
            table.append("| `")
                    .append(key.name)
                    .append("` | ")
                    .append(key.type.name().toLowerCase(Locale.ROOT))
                    .append(" | ")
                    .append(defaultValue(key))
                    .append(" | ")
                    .append(escape(key.documentation))
                    .append(" |\n");
        }
        return table.toString();
    }

    /** A row for every setting under {@code prefix}, such as {@code zdict.registry.client.*}. */
    static String prefixRow(String prefix, String documentation) {
        return "| `" + prefix + "*` | any | | " + escape(documentation) + " |\n";
    }

    private static String defaultValue(ConfigDef.ConfigKey key) {
        if (!key.hasDefault()) {
            return "(required)";
        } else if (key.defaultValue == null) {
            return "(unset)";
        } else if (key.defaultValue.toString().isEmpty()) {
            return "(empty)";
        } else if (key.defaultValue instanceof Class<?> type) {
            return "`" + type.getName() + "`";
        }
        return "`" + key.defaultValue + "`";
    }

    private static String escape(String documentation) {
        return documentation.replace("|", "\\|");
    }
}
