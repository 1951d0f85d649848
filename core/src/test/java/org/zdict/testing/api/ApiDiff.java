package org.zdict.testing.api;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a module's API differs from its checked-in listing: the lines only the listing has (removed or changed
 * signatures: a break) and the lines only the classes have (new API). Comment lines ({@code #}) are not API.
 */
public record ApiDiff(List<String> removed, List<String> added) {
    /** The system property that rewrites the listing instead of failing. */
    public static final String UPDATE = "zdict.api.update";

    /**
     * The command that rewrites the listing of the module in folder {@code moduleFolder} (and those of the
     * modules it depends on, which {@code -am} builds).
     */
    public static String updateCommand(String moduleFolder) {
        return "mvn test -pl " + moduleFolder
                + " -am -Dtest=ApiSignaturesTest -Dsurefire.failIfNoSpecifiedTests=false -D" + UPDATE + "=true";
    }

    public ApiDiff {
        removed = List.copyOf(removed);
        added = List.copyOf(added);
    }

    /** Compares the checked-in listing with the one generated from the classes. */
    public static ApiDiff of(List<String> checkedIn, List<String> generated) {
        List<String> expected = signatures(checkedIn);
        List<String> actual = signatures(generated);
        Set<String> expectedSet = new HashSet<>(expected);
        Set<String> actualSet = new HashSet<>(actual);
        return new ApiDiff(
                expected.stream().filter(line -> !actualSet.contains(line)).toList(),
                actual.stream().filter(line -> !expectedSet.contains(line)).toList());
    }

    public boolean isEmpty() {
        return removed.isEmpty() && added.isEmpty();
    }

    /**
     * Why the build fails, or "" when the API is the checked-in one. A break names the removed lines and, when
     * a signature changed, its new lines; new API alone names the added lines.
     */
    public String failure(String module, String file, String updateCommand) {
        String update = "(" + updateCommand + " rewrites it)";
        if (!removed.isEmpty()) {
            String added = this.added.isEmpty() ? "" : "\nand added or changed to:" + lines(this.added);
            return "API break in " + module + ":" + lines(removed) + added
                    + "\nRemoving or changing a public signature breaks users' code; if it is intended, it is a"
                    + " major-version decision (before 1.0: a minor release with a CHANGELOG entry): update " + file
                    + " in the same change " + update;
        }
        if (!added.isEmpty()) {
            return "new API in " + module + ":" + lines(added) + "\nAdd them to " + file + " in the same change "
                    + update;
        }
        return "";
    }

    private static String lines(List<String> lines) {
        return lines.stream().map(line -> "\n    " + line).collect(Collectors.joining());
    }

    private static List<String> signatures(List<String> lines) {
        return lines.stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .toList();
    }
}
