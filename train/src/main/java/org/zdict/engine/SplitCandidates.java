package org.zdict.engine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.zdict.registry.DictionarySet.Rule;

/**
 * Finds the rules worth judging in the training events: each top-level field present in at least {@link
 * #MIN_PRESENCE} of them with {@link #MIN_VALUES} to {@link #MAX_VALUES} distinct values, ranked cheaply
 * by how many events fall in kinds large enough for a dictionary of their own ({@link
 * SplitSearch#MIN_KIND_EVENTS}), then by how many such kinds there are; the best {@link
 * #MAX_FIELD_CANDIDATES} of them, then {@code shape}. Only the first {@link #SCANNED_EVENTS} training
 * events are scanned for this (the sample is shuffled, so they are a uniform part of it).
 */
final class SplitCandidates {
    static final double MIN_PRESENCE = 0.9;
    static final int MIN_VALUES = 2;
    static final int MAX_VALUES = 64;
    /** Each candidate costs training a dictionary per kind: the time of about one more grid point. */
    static final int MAX_FIELD_CANDIDATES = 3;

    static final int SCANNED_EVENTS = 50_000;

    private SplitCandidates() {}

    /** A field found in the training events and how it would split them. */
    record Field(String name, int values, long eventsInLargeKinds, int largeKinds) {}

    /** {@return the rules to judge, fields first in rank order, then shape} */
    static List<Rule> rules(List<byte[]> train) {
        List<Rule> rules = new ArrayList<>();
        for (Field field : fields(train)) {
            if (rules.size() == MAX_FIELD_CANDIDATES) {
                break;
            }
            rules.add(new Rule.Field(field.name()));
        }
        rules.add(new Rule.Shape());
        return rules;
    }

    /** Every field that qualifies, best first. */
    static List<Field> fields(List<byte[]> train) {
        int scanned = Math.min(train.size(), SCANNED_EVENTS);
        Map<String, Stats> byKey = new LinkedHashMap<>();
        JsonFactory json = new JsonFactory();
        for (int i = 0; i < scanned; i++) {
            count(json, train.get(i), i, byKey);
        }
        double scale = scanned == 0 ? 0 : (double) train.size() / scanned;
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, Stats> entry : byKey.entrySet()) {
            Stats stats = entry.getValue();
            if (stats.tooMany
                    || stats.present < MIN_PRESENCE * scanned
                    || stats.values.size() < MIN_VALUES
                    || entry.getKey().getBytes(StandardCharsets.UTF_8).length > Rule.MAX_NAME_BYTES) {
                continue;
            }
            long inLarge = 0;
            int large = 0;
            for (int count : stats.values.values()) {
                if (count * scale >= SplitSearch.MIN_KIND_EVENTS) {
                    inLarge += Math.round(count * scale);
                    large++;
                }
            }
            if (large > 0) {
                fields.add(new Field(entry.getKey(), stats.values.size(), inLarge, large));
            }
        }
        fields.sort(Comparator.comparingLong(Field::eventsInLargeKinds)
                .thenComparingInt(Field::largeKinds)
                .reversed());
        return fields;
    }

    /**
     * Counts {@code event}'s top-level members into {@code byKey}: a string, number or boolean value is a
     * kind, other values are not. Only the ranking reads these; the grouping goes through the rule itself,
     * byte for byte as writers route. Events that are not JSON objects count for nothing.
     */
    private static void count(JsonFactory json, byte[] event, int index, Map<String, Stats> byKey) {
        try (JsonParser parser = json.createParser(event)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                String kind = value.isScalarValue() && value != JsonToken.VALUE_NULL ? parser.getText() : null;
                parser.skipChildren();
                Stats stats = key.isEmpty() ? null : byKey.computeIfAbsent(key, k -> new Stats());
                if (stats == null || stats.lastEvent == index) {
                    continue; // the rule reads the first member of that name
                }
                stats.lastEvent = index;
                stats.present++;
                if (kind != null && !stats.tooMany) {
                    stats.values.merge(kind, 1, Integer::sum);
                    stats.tooMany = stats.values.size() > MAX_VALUES;
                }
            }
        } catch (IOException malformed) {
            // What was read before the error counts; the rest of the event does not.
        }
    }

    private static final class Stats {
        int lastEvent = -1;
        int present;
        boolean tooMany;
        final Map<String, Integer> values = new HashMap<>();
    }
}
