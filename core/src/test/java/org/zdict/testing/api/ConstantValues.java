package org.zdict.testing.api;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The compile-time constants of one class file (fields with a {@code ConstantValue} attribute, JVMS §4.7.2),
 * as Java literals by field name. Read from the file rather than by reflection, so that no class is
 * initialised and a {@code static final} field set at run time is never taken for a constant that callers'
 * code inlines.
 */
final class ConstantValues {
    private static final int MAGIC = 0xCAFEBABE;

    private ConstantValues() {}

    static Map<String, String> read(Path classFile) throws IOException {
        try (InputStream file = Files.newInputStream(classFile)) {
            return read(new DataInputStream(file), classFile);
        }
    }

    private static Map<String, String> read(DataInputStream in, Path classFile) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IOException("Not a class file (no 0xCAFEBABE): " + classFile);
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        Object[] pool = readPool(in, classFile);
        in.readUnsignedShort(); // access flags
        in.readUnsignedShort(); // this class
        in.readUnsignedShort(); // super class
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        Map<String, String> constants = new HashMap<>();
        int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.readUnsignedShort(); // access flags
            String name = (String) pool[in.readUnsignedShort()];
            String descriptor = (String) pool[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = (String) pool[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("ConstantValue")) {
                    constants.put(name, literal(pool, in.readUnsignedShort(), descriptor));
                } else {
                    in.skipNBytes(length);
                }
            }
        }
        return constants;
    }

    /** The constant pool: Utf8 entries as String, numbers boxed, a String entry as its {@link Text}. */
    private static Object[] readPool(DataInputStream in, Path classFile) throws IOException {
        Object[] pool = new Object[in.readUnsignedShort()];
        for (int i = 1; i < pool.length; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> pool[i] = in.readUTF();
                case 3 -> pool[i] = in.readInt();
                case 4 -> pool[i] = in.readFloat();
                case 5 -> pool[i++] = in.readLong();
                case 6 -> pool[i++] = in.readDouble();
                case 8 -> pool[i] = new Text(in.readUnsignedShort());
                case 7, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                case 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                default ->
                    throw new IOException("Unknown constant pool tag " + tag + " at entry " + i + " of " + classFile);
            }
        }
        return pool;
    }

    private static String literal(Object[] pool, int index, String descriptor) {
        Object value = pool[index];
        return switch (descriptor) {
            case "Z" -> (Integer) value != 0 ? "true" : "false";
            case "C" -> "'" + escape(String.valueOf((char) (int) (Integer) value), '\'') + "'";
            case "J" -> value + "L";
            case "F" -> value + "f";
            case "Ljava/lang/String;" -> "\"" + escape((String) pool[((Text) value).utf8()], '"') + "\"";
            default -> String.valueOf(value);
        };
    }

    /** Backslash and the {@code quote}, and every character outside printable ASCII as {@code \\uXXXX}. */
    private static String escape(String text, char quote) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '\\' || c == quote) {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A {@code CONSTANT_String} entry: the index of its Utf8 entry. */
    private record Text(int utf8) {}
}
