package org.zdict.testing.api;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which packages and types of a module are its API. With a {@code module-info.class}, the packages it exports
 * to everyone (a package exported only {@code to} named modules is not API); without one, every package with
 * no {@code internal} segment. Minus what the module declares not API (a package or type, and everything
 * under it), each with the reason that the listing's header repeats.
 */
public final class ApiScope {
    private static final String MODULE_INFO = "module-info.class";

    /** The packages module-info exports to everyone, or null without a module-info. */
    private final Set<String> exports;

    private final Map<String, String> notApi;

    private ApiScope(Set<String> exports, Map<String, String> notApi) {
        this.exports = exports;
        this.notApi = new TreeMap<>(notApi);
    }

    /** The scope of the module compiled to {@code classes}; {@code notApi} maps names to the reason. */
    public static ApiScope of(Path classes, Map<String, String> notApi) throws IOException {
        Path moduleInfo = classes.resolve(MODULE_INFO);
        if (!Files.exists(moduleInfo)) {
            return new ApiScope(null, notApi);
        }
        try (InputStream in = Files.newInputStream(moduleInfo)) {
            Set<String> exported = ModuleDescriptor.read(in).exports().stream()
                    .filter(export -> !export.isQualified())
                    .map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toSet());
            return new ApiScope(exported, notApi);
        }
    }

    boolean covers(String className) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        boolean apiPackage = exports == null ? !List.of(pkg.split("\\.")).contains("internal") : exports.contains(pkg);
        return apiPackage && notApi.keySet().stream().noneMatch(name -> isUnder(className, name));
    }

    /** Fails when a not-API entry names nothing among {@code classNames}, so that none goes stale. */
    void checkNotApiNamesExist(List<String> classNames) {
        for (String name : notApi.keySet()) {
            if (classNames.stream().noneMatch(className -> isUnder(className, name))) {
                throw new IllegalArgumentException("Not-API entry '" + name + "' names no class of the module ("
                        + classNames.size() + " classes)");
            }
        }
    }

    /** Comment lines for the listing's header: what is left out although public, and why. */
    List<String> header() {
        List<String> lines = new ArrayList<>();
        notApi.forEach((name, reason) -> lines.add("# Not API: " + name + " (" + reason + ")"));
        return lines;
    }

    /** {@code className} is {@code name} or inside it (a package, or a type and its nested types). */
    private static boolean isUnder(String className, String name) {
        return className.equals(name)
                || (className.startsWith(name)
                        && (className.charAt(name.length()) == '.' || className.charAt(name.length()) == '$'));
    }
}
