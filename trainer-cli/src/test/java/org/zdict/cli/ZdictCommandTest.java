package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ZdictCommandTest {

    @Test
    void helpListsEveryCommand() {
        Cli.Result result = Cli.run("--help");
        assertEquals(0, result.exitCode(), result::toString);
        for (String command : new String[] {"demo", "train", "eval", "compress", "decompress", "inspect", "registry"}) {
            assertTrue(result.out().contains("  " + command + " "), command + " missing from\n" + result.out());
        }
    }

    @Test
    void everySubcommandHasHelp() {
        for (String[] command : new String[][] {
            {"demo"},
            {"train"},
            {"eval"},
            {"compress"},
            {"decompress"},
            {"inspect"},
            {"registry"},
            {"registry", "list"},
            {"registry", "activate"},
            {"registry", "retire"},
            {"registry", "import"},
            {"registry", "export"}
        }) {
            String[] args = new String[command.length + 1];
            System.arraycopy(command, 0, args, 0, command.length);
            args[command.length] = "--help";
            Cli.Result result = Cli.run(args);
            assertEquals(0, result.exitCode(), result::toString);
            assertTrue(result.out().startsWith("Usage: zdict " + String.join(" ", command)), result::toString);
        }
    }

    @Test
    void versionNamesZstdJni() {
        Cli.Result result = Cli.run("--version");
        assertEquals(0, result.exitCode());
        assertTrue(result.out().contains("zstd-jni"), result::toString);
    }

    @Test
    void missingCommandIsUsageError() {
        Cli.Result result = Cli.run();
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("Missing command"), result::toString);
    }

    @Test
    void unknownOptionIsUsageErrorOnOneLine() {
        Cli.Result result = Cli.run("train", "--bogus");
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("--bogus"), result::toString);
        assertEquals(1, result.err().strip().lines().count(), result::toString);
    }

    @Test
    void missingRegistrySubcommandIsUsageError() {
        Cli.Result result = Cli.run("registry");
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("Missing subcommand"), result::toString);
    }

    @Test
    void failuresPrintNoStackTraceUnlessVerbose() {
        Cli.Result quiet = Cli.run("inspect", "/no/such/file");
        assertEquals(1, quiet.exitCode());
        assertEquals(
                "zdict inspect: error: No such file: /no/such/file", quiet.err().strip());
        assertFalse(quiet.err().contains("\tat "), quiet::toString);

        Cli.Result verbose = Cli.run("inspect", "--verbose", "/no/such/file");
        assertEquals(1, verbose.exitCode());
        assertTrue(verbose.err().contains("\tat "), verbose::toString);
    }
}
