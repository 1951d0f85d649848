package org.zdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.zdict.codec.ZdictCodec;
import org.zdict.codec.ZdictCodecBuilder;

/**
 * Keeps core's public API what users may rely on: the public types are exactly those listed here (and in
 * docs/COMPATIBILITY.md), no public signature mentions a type of {@code org.zdict.internal} or of {@code
 * org.zdict.registry.support} (zdict's own modules only), and no public constant is a mutable array.
 */
class PublicApiTest {
    /** Core's packages that are not API: internal, and what zdict's own modules share. */
    private static final List<String> NOT_API = List.of("org.zdict.internal", "org.zdict.registry.support");

    /**
     * Core's public types, nested ones included. Adding one is a decision: add it here and to "The public
     * Java API" in docs/COMPATIBILITY.md, in the same change.
     */
    private static final List<String> PUBLIC_TYPES = List.of(
            "org.zdict.CorruptDictionaryException",
            "org.zdict.CorruptPayloadException",
            "org.zdict.CorruptPayloadException$Kind",
            "org.zdict.PayloadTooLargeException",
            "org.zdict.RegistryException",
            "org.zdict.RegistryException$Kind",
            "org.zdict.UnknownDictionaryVersionException",
            "org.zdict.ZdictException",
            "org.zdict.codec.ZdictCodec",
            "org.zdict.codec.ZdictCodec$CacheStats",
            "org.zdict.codec.ZdictCodec$DecodeListener",
            "org.zdict.codec.ZdictCodecBuilder",
            "org.zdict.format.PayloadPrefix",
            "org.zdict.format.PayloadPrefix$Header",
            "org.zdict.registry.Dictionary",
            "org.zdict.registry.DictionaryInfo",
            "org.zdict.registry.DictionaryInfo$Builder",
            "org.zdict.registry.DictionaryInfo$Codec",
            "org.zdict.registry.DictionaryInfo$Status",
            "org.zdict.registry.DictionaryRegistries",
            "org.zdict.registry.DictionaryRegistry",
            "org.zdict.registry.DictionarySet",
            "org.zdict.registry.DictionarySet$Rule",
            "org.zdict.registry.DictionarySet$Rule$Field",
            "org.zdict.registry.DictionarySet$Rule$Header",
            "org.zdict.registry.DictionarySet$Rule$Shape",
            "org.zdict.registry.DictionarySource",
            "org.zdict.registry.RegistryProvider");

    /**
     * The bound on core's public top-level types (nested ones not counted), so that the API stays one a
     * reader can hold in mind; the dictionary set, with its rule nested, took it from 15 to 16.
     */
    private static final int MAX_TOP_LEVEL_TYPES = 16;

    @Test
    void coreHasAtMostSixteenPublicTopLevelTypes() throws Exception {
        List<String> topLevel = publicApiTypes().stream()
                .filter(type -> type.getDeclaringClass() == null)
                .map(Class::getName)
                .sorted()
                .toList();
        assertTrue(
                topLevel.size() <= MAX_TOP_LEVEL_TYPES,
                topLevel.size() + " public top-level types, more than " + MAX_TOP_LEVEL_TYPES + ": " + topLevel);
    }

    @Test
    void publicTypesAreExactlyTheListedOnes() throws Exception {
        List<String> found =
                publicApiTypes().stream().map(Class::getName).sorted().toList();
        assertEquals(PUBLIC_TYPES, found);
    }

    @Test
    void publicApiNeverExposesInternalTypes() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (Class<?> type : publicApiTypes()) {
            for (Constructor<?> constructor : type.getConstructors()) {
                leaks.addAll(leaks(constructor, null));
            }
            for (Method method : type.getMethods()) {
                leaks.addAll(leaks(method, method.getGenericReturnType()));
            }
            for (Field field : type.getFields()) {
                if (notApi(field.getGenericType())) {
                    leaks.add(field.toGenericString());
                }
            }
            if (type.getGenericSuperclass() != null && notApi(type.getGenericSuperclass())) {
                leaks.add(type.getName() + " extends " + type.getGenericSuperclass());
            }
            for (Type implemented : type.getGenericInterfaces()) {
                if (notApi(implemented)) {
                    leaks.add(type.getName() + " implements " + implemented);
                }
            }
        }
        assertEquals(List.of(), leaks);
    }

    @Test
    void publicConstantsAreNeverMutableArrays() throws Exception {
        List<String> arrays = new ArrayList<>();
        for (Class<?> type : publicApiTypes()) {
            for (Field field : type.getFields()) {
                if (field.getType().isArray()) {
                    arrays.add(field.toGenericString());
                }
            }
        }
        assertEquals(List.of(), arrays);
    }

    private static List<String> leaks(Executable executable, Type returned) {
        List<String> leaks = new ArrayList<>();
        Stream<Type> types = Stream.of(executable.getGenericParameterTypes());
        if (returned != null) {
            types = Stream.concat(types, Stream.of(returned));
        }
        types.filter(PublicApiTest::notApi).forEach(t -> leaks.add(executable.toGenericString()));
        return leaks;
    }

    private static boolean notApi(Type type) {
        String name = type.getTypeName();
        return NOT_API.stream().anyMatch(pkg -> name.contains(pkg + "."));
    }

    /** Every public class of core outside the packages that are not API, nested ones included. */
    private static List<Class<?>> publicApiTypes() throws Exception {
        Path classes = Path.of(ZdictCodec.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<Class<?>> types = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String path = classes.relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), ".");
                String name = path.substring(0, path.length() - ".class".length());
                if (NOT_API.stream().anyMatch(pkg -> name.startsWith(pkg + "."))
                        || name.endsWith("package-info")
                        || name.equals("module-info")) {
                    continue;
                }
                Class<?> type = Class.forName(name, false, PublicApiTest.class.getClassLoader());
                if (isPublicApi(type)) {
                    types.add(type);
                }
            }
        }
        if (!types.contains(ZdictCodec.class) || !types.contains(ZdictCodecBuilder.class)) {
            throw new AssertionError("Found no API classes under " + classes + ": " + types);
        }
        return types;
    }

    private static boolean isPublicApi(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return true;
    }
}
