package org.zdict.internal;

/** How registry and input locations appear in messages and reports. */
public final class Locations {
    private Locations() {}

    /**
     * {@code location} without the query string of a {@code scheme://} location, which may hold secrets
     * (a SASL JAAS config, a key password): {@code kafka://h:9092/t?sasl.jaas.config=...} becomes {@code
     * kafka://h:9092/t?...}. Other locations (folders, {@code classpath:}) are returned as they are.
     */
    public static String withoutQuery(String location) {
        if (location == null || !location.contains("://")) {
            return location;
        }
        int question = location.indexOf('?');
        return question < 0 ? location : location.substring(0, question) + "?...";
    }
}
