package org.zdict.kafka;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.config.types.Password;

/**
 * A short name for the identity a registry's Kafka clients present: the first 16 hex digits of the
 * SHA-256 of their settings, sorted by name (a {@link Password} by its value). Clients with any setting
 * different (another SASL user, another key store) get another name, so they never share a local copy;
 * the settings themselves, secrets included, cannot be read back from it.
 */
final class ClientIdentity {
    private ClientIdentity() {}

    static String of(Map<String, ?> clientSettings) {
        StringBuilder text = new StringBuilder();
        new TreeMap<String, Object>(clientSettings).forEach((name, value) -> text.append(name)
                .append('=')
                .append(value instanceof Password p ? p.value() : String.valueOf(value))
                .append('\n'));
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }
}
