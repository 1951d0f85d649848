package org.zdict.testing.api;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Lists a module's API from its compiled classes: a line for every public or protected type of its API
 * packages ({@link ApiScope}), then one for each of its public and protected members (constructors, methods,
 * fields, enum constants, record components). A field that is a compile-time constant shows its value, which
 * callers' code inlines, except a setting's {@code _DOC} text. Each line starts with the type's name, so that a
 * line read alone says where it is. Types come in name order, each type's line first and its members sorted;
 * synthetic and bridge members are left out, and types are written by {@link TypeNames}, so the listing is the
 * same on every JVM. Classes are loaded without being initialised.
 */
public final class ApiSignatures {
    private static final String CLASS = ".class";
    /** The suffix of a setting's documentation constant ({@code ConfigDef}'s X_DOC): text, whose value is not API. */
    private static final String DOC = "_DOC";

    private ApiSignatures() {}

    /** The listing of the classes under {@code classes}, loaded by {@code loader}. */
    public static List<String> list(Path classes, ClassLoader loader, ApiScope scope) throws IOException {
        List<String> names = classNames(classes);
        scope.checkNotApiNamesExist(names);
        List<Class<?>> types = new ArrayList<>();
        for (String name : names) {
            if (scope.covers(name)) {
                Class<?> type = load(name, loader);
                if (isApi(type)) {
                    types.add(type);
                }
            }
        }
        types.sort(Comparator.comparing(ApiSignatures::name));
        List<String> lines = new ArrayList<>();
        for (Class<?> type : types) {
            lines.add(name(type) + ": " + declaration(type));
            members(type, classes).stream()
                    .map(member -> name(type) + ": " + member)
                    .forEach(lines::add);
        }
        return lines;
    }

    private static List<String> classNames(Path classes) throws IOException {
        if (!Files.isDirectory(classes)) {
            throw new IOException("Not a folder of compiled classes: " + classes);
        }
        try (Stream<Path> files = Files.walk(classes)) {
            return files.map(file -> classes.relativize(file).toString())
                    .filter(file -> file.endsWith(CLASS) && !file.endsWith("module-info.class"))
                    .filter(file -> !file.endsWith("package-info.class"))
                    .map(file -> file.substring(0, file.length() - CLASS.length())
                            .replace(classes.getFileSystem().getSeparator(), "."))
                    .sorted()
                    .toList();
        }
    }

    private static Class<?> load(String name, ClassLoader loader) throws IOException {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IOException("Cannot load " + name + " to list its API: " + e, e);
        }
    }

    /** Public top-level types, and public or protected member types of such types. */
    private static boolean isApi(Class<?> type) {
        if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        Class<?> enclosing = type.getDeclaringClass();
        return enclosing == null ? Modifier.isPublic(type.getModifiers()) : isVisible(type) && isApi(enclosing);
    }

    private static String name(Class<?> type) {
        return TypeNames.of(type);
    }

    /** {@code public final class implements java.lang.AutoCloseable}, without the modifiers the kind implies. */
    private static String declaration(Class<?> type) {
        int modifiers = type.getModifiers();
        List<String> words = new ArrayList<>();
        words.add(Modifier.isPublic(modifiers) ? "public" : "protected");
        String kind = kind(type);
        boolean plainClass = kind.equals("class");
        if (plainClass && Modifier.isAbstract(modifiers)) {
            words.add("abstract");
        }
        if (plainClass && Modifier.isStatic(modifiers)) {
            words.add("static");
        }
        if (plainClass && Modifier.isFinal(modifiers)) {
            words.add("final");
        }
        if (type.isSealed() && !type.isEnum()) { // javac seals an enum whose constants have bodies
            words.add("sealed");
        }
        words.add(kind + TypeNames.parameters(type.getTypeParameters()));
        Type superclass = type.getGenericSuperclass();
        if (plainClass && superclass != Object.class) {
            words.add("extends " + TypeNames.of(superclass));
        }
        List<Type> interfaces = type.isAnnotation() ? List.of() : List.of(type.getGenericInterfaces());
        if (!interfaces.isEmpty()) {
            words.add((type.isInterface() ? "extends " : "implements ") + TypeNames.list(interfaces));
        }
        return String.join(" ", words);
    }

    private static String kind(Class<?> type) {
        if (type.isAnnotation()) {
            return "@interface";
        }
        if (type.isInterface()) {
            return "interface";
        }
        return type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
    }

    /**
     * The member lines of {@code type}, with those it inherits from superclasses of the module that are not API
     * themselves (a public class over a package-private base offers the base's public methods).
     */
    private static List<String> members(Class<?> type, Path classes) throws IOException {
        TreeSet<String> lines = new TreeSet<>();
        Set<String> declared = new HashSet<>();
        for (Class<?> c = type; c == type || isInheritedFrom(c, classes); c = c.getSuperclass()) {
            lines.addAll(declaredMembers(c, classes, declared, c == type));
        }
        return List.copyOf(lines);
    }

    /** {@code base} is a superclass whose members the listing shows: of this module, and not API itself. */
    private static boolean isInheritedFrom(Class<?> base, Path classes) {
        return base != null && !isApi(base) && Files.exists(classFile(classes, base));
    }

    /**
     * The member lines of one class, leaving out the fields and methods whose name (and parameter types) is in
     * {@code declared}, where it adds those it lists: a subclass hides or overrides them. Constructors only
     * when {@code own}: a subclass does not inherit them.
     */
    private static List<String> declaredMembers(Class<?> type, Path classes, Set<String> declared, boolean own)
            throws IOException {
        Map<String, String> constants = ConstantValues.read(classFile(classes, type));
        List<String> lines = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (field.isEnumConstant()) {
                lines.add("enum constant " + field.getName());
            } else if (isApi(field) && declared.add(field.getName())) {
                boolean listsValue = constants.containsKey(field.getName())
                        && !field.getName().endsWith(DOC);
                String value = listsValue ? " = " + constants.get(field.getName()) : "";
                lines.add(modifiers(field) + TypeNames.of(field.getGenericType()) + " " + field.getName() + value);
            }
        }
        for (Constructor<?> constructor : own ? type.getDeclaredConstructors() : new Constructor<?>[0]) {
            if (isApi(constructor)) {
                lines.add(modifiers(constructor)
                        + typeParameters(constructor)
                        + type.getSimpleName()
                        + parameters(constructor)
                        + exceptions(constructor));
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            if (isApi(method)
                    && !method.isBridge()
                    && declared.add(method.getName() + Arrays.toString(method.getParameterTypes()))) {
                lines.add(modifiers(method) + typeParameters(method) + TypeNames.of(method.getGenericReturnType()) + " "
                        + method.getName() + parameters(method) + exceptions(method));
            }
        }
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                lines.add("record component " + TypeNames.of(component.getGenericType()) + " " + component.getName());
            }
        }
        return lines;
    }

    private static Path classFile(Path classes, Class<?> type) {
        return classes.resolve(type.getName().replace('.', '/') + CLASS);
    }

    private static boolean isApi(Member member) {
        return !member.isSynthetic() && isVisible(member.getModifiers());
    }

    private static boolean isVisible(Class<?> type) {
        return isVisible(type.getModifiers());
    }

    private static boolean isVisible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    /** The modifiers a caller or subclass sees, followed by a space. */
    private static String modifiers(Member member) {
        int modifiers = member.getModifiers();
        StringBuilder words = new StringBuilder(Modifier.isPublic(modifiers) ? "public " : "protected ");
        if (Modifier.isStatic(modifiers)) {
            words.append("static ");
        }
        if (Modifier.isAbstract(modifiers)) {
            words.append("abstract ");
        }
        if (member instanceof Method method && method.isDefault()) {
            words.append("default ");
        }
        if (Modifier.isFinal(modifiers)) {
            words.append("final ");
        }
        return words.toString();
    }

    private static String typeParameters(Executable executable) {
        String parameters = TypeNames.parameters(executable.getTypeParameters());
        return parameters.isEmpty() ? "" : parameters + " ";
    }

    /**
     * The parameter types as callers write them: without the enclosing instance that an inner class's
     * constructor takes first, which reflection includes when the constructor has no generic signature.
     */
    private static String parameters(Executable executable) {
        Type[] generic = executable.getGenericParameterTypes();
        Class<?> declaring = executable.getDeclaringClass();
        boolean takesEnclosing = executable instanceof Constructor<?>
                && declaring.isMemberClass()
                && !Modifier.isStatic(declaring.getModifiers())
                && generic.length == executable.getParameterCount()
                && generic.length > 0
                && generic[0] == declaring.getDeclaringClass();
        List<String> types = Arrays.stream(generic)
                .skip(takesEnclosing ? 1 : 0)
                .map(TypeNames::of)
                .collect(Collectors.toCollection(ArrayList::new));
        if (executable.isVarArgs()) {
            String last = types.remove(types.size() - 1);
            types.add(last.substring(0, last.length() - "[]".length()) + "...");
        }
        return "(" + String.join(", ", types) + ")";
    }

    /** {@code throws} and the declared exceptions in name order (their order in the source means nothing). */
    private static String exceptions(Executable executable) {
        Type[] exceptions = executable.getGenericExceptionTypes();
        if (exceptions.length == 0) {
            return "";
        }
        return Arrays.stream(exceptions).map(TypeNames::of).sorted().collect(Collectors.joining(", ", " throws ", ""));
    }
}
