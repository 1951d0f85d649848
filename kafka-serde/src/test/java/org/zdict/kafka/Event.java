package org.zdict.kafka;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/** A user type with its own serializer pair, configured by class name like any user's. */
record Event(String id, String type, long ts) {
    static Event of(int i) {
        return new Event("e-" + i, i % 3 == 0 ? "page_view" : "click", 1_700_000_000_000L + i);
    }

    /** {"id":"..","type":"..","ts":..} */
    public static final class EventSerializer implements Serializer<Event> {
        @Override
        public byte[] serialize(String topic, Event e) {
            if (e == null) {
                return null;
            }
            String json = "{\"id\":\"" + e.id() + "\",\"type\":\"" + e.type() + "\",\"ts\":" + e.ts() + "}";
            return json.getBytes(StandardCharsets.UTF_8);
        }
    }

    public static final class EventDeserializer implements Deserializer<Event> {
        @Override
        public Event deserialize(String topic, byte[] data) {
            if (data == null) {
                return null;
            }
            String json = new String(data, StandardCharsets.UTF_8);
            String[] parts = json.substring(1, json.length() - 1).split(",");
            return new Event(unquote(parts[0]), unquote(parts[1]), Long.parseLong(parts[2].split(":")[1]));
        }

        private static String unquote(String field) {
            String value = field.split(":")[1];
            return value.substring(1, value.length() - 1);
        }
    }
}
