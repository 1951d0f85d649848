package org.zdict.testing.api;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The check each published module runs on every build (as its {@code ApiSignaturesTest}): the module's API,
 * listed from its classes by {@link ApiSignatures}, must be the one in its checked-in {@code api/ARTIFACT.api}.
 * With {@code -Dzdict.api.update=true} the test rewrites the file instead, for a maintainer to review and
 * commit with the change.
 */
public abstract class ApiSignaturesCheck {
    private final String artifactId;
    private final Class<?> anyMainClass;
    private final Map<String, String> notApi;

    /**
     * @param artifactId the module's artifact, which names its file
     * @param anyMainClass a class of the module's main code, which locates its classes
     * @param notApi packages or types of the module that are public but not API, each with the reason
     */
    protected ApiSignaturesCheck(String artifactId, Class<?> anyMainClass, Map<String, String> notApi) {
        this.artifactId = artifactId;
        this.anyMainClass = anyMainClass;
        this.notApi = notApi;
    }

    @Test
    void publicApiIsTheCheckedInListing() throws IOException {
        Path classes = classes();
        Path module = classes.getParent().getParent();
        Path file = module.resolve("api").resolve(artifactId + ".api");
        String shown = module.getFileName() + "/api/" + file.getFileName();
        String update = ApiDiff.updateCommand(module.getFileName().toString());
        List<String> generated = listing(classes, update);
        if (Boolean.getBoolean(ApiDiff.UPDATE)) {
            Files.createDirectories(file.getParent());
            Files.write(file, generated, StandardCharsets.UTF_8);
            System.out.println("Wrote " + file + " (" + generated.size() + " lines)");
            return;
        }
        if (!Files.exists(file)) {
            fail("No " + shown + ": " + update + " writes it; review and commit it");
        }
        List<String> checkedIn = Files.readAllLines(file, StandardCharsets.UTF_8);
        ApiDiff diff = ApiDiff.of(checkedIn, generated);
        if (!diff.isEmpty()) {
            fail(diff.failure(artifactId, shown, update));
        }
        if (!generated.equals(checkedIn)) {
            fail(shown + " holds the API of the classes, but not with the generated comment lines or order: " + update
                    + " rewrites it");
        }
    }

    private List<String> listing(Path classes, String update) throws IOException {
        ApiScope scope = ApiScope.of(classes, notApi);
        List<String> signatures = ApiSignatures.list(classes, anyMainClass.getClassLoader(), scope);
        List<String> lines = new ArrayList<>();
        lines.add("# The public API of " + artifactId + ", one line per type and member; ApiSignaturesTest fails"
                + " the build when it differs.");
        lines.add("# After a reviewed API change: " + update + " (docs/COMPATIBILITY.md)");
        lines.add("# API: the public and protected types and members of the packages that module-info exports to"
                + " everyone, or without a module-info, of every package without an 'internal' segment.");
        lines.addAll(scope.header());
        if (signatures.isEmpty()) {
            lines.add("# No public API: no public type of " + artifactId + " is API.");
        }
        lines.addAll(signatures);
        return lines;
    }

    private Path classes() throws IOException {
        try {
            Path classes = Path.of(anyMainClass
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            if (!Files.isDirectory(classes)) {
                throw new IOException(anyMainClass.getName() + " comes from " + classes
                        + ", not from the module's target/classes folder");
            }
            return classes;
        } catch (URISyntaxException e) {
            throw new IOException("Cannot locate the classes of " + anyMainClass.getName(), e);
        }
    }
}
