package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What {@code zdict registry check} cannot check: usage errors exit 2, an unreachable cluster exits 1, each one line. */
class RegistryCheckRefusalsTest {
    @Test
    void anUnreachableClusterIsOneLineAndExitsOne() {
        Cli.Result check = Cli.run(
                "registry",
                "check",
                "--registry",
                "kafka://localhost:1/_zdict_registry?default.api.timeout.ms=1500&request.timeout.ms=1000");

        assertEquals(1, check.exitCode(), check::toString);
        assertTrue(
                check.err()
                        .startsWith("zdict registry check: error: Cannot describe topic _zdict_registry on"
                                + " kafka://localhost:1/_zdict_registry: "),
                check::toString);
        assertTrue(check.err().endsWith("; is the cluster reachable?\n"), check::toString);
        assertEquals(1, check.err().lines().count(), check::toString);
        assertEquals("", check.out());
    }

    @Test
    void aClasspathRegistryIsAUsageError() {
        Cli.Result check = Cli.run("registry", "check", "--registry", "classpath:dictionaries");

        assertEquals(2, check.exitCode(), check::toString);
        assertTrue(check.err().contains("is on the classpath, inside a jar: check the folder it was built from"));
    }

    @Test
    void aMalformedLocationIsAUsageErrorNamingIt() {
        Cli.Result check = Cli.run("registry", "check", "--registry", "kafka://no-port/_zdict_registry");

        assertEquals(2, check.exitCode(), check::toString);
        assertTrue(check.err().contains("'no-port' is not HOST:PORT"), check::toString);
    }
}
