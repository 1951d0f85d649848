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
        for (String[] command : COMMANDS) {
            Cli.Result result = Cli.run(with(command, "--help"));
            assertEquals(0, result.exitCode(), result::toString);
            assertTrue(result.out().startsWith("Usage: zdict " + String.join(" ", command)), result::toString);
        }
    }

    private static final String[][] COMMANDS = {
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
    };

    @Test
    void versionNamesTheProjectVersionAndZstdJni() {
        Cli.Result result = Cli.run("--version");
        assertEquals(0, result.exitCode());
        assertTrue(result.out().startsWith("zdict " + ZdictVersion.projectVersion() + "\n"), result::toString);
        assertTrue(ZdictVersion.projectVersion().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), result::toString);
        assertTrue(
                result.out()
                        .matches("(?s).*\\nzstd-jni \\d+\\.\\d+\\.\\d+-\\d+, (JNI|foreign-function) binding.*\\n.*"),
                result::toString);
    }

    @Test
    void everySubcommandPrintsTheVersion() {
        String expected = Cli.run("--version").out();
        for (String[] command : COMMANDS) {
            for (String flag : new String[] {"-V", "--version"}) {
                Cli.Result result = Cli.run(with(command, flag));
                assertEquals(0, result.exitCode(), result::toString);
                assertEquals(expected, result.out(), String.join(" ", command) + " " + flag);
            }
        }
    }

    @Test
    void decompressPrintsTheVersion() {
        Cli.Result result = Cli.run("decompress", "-V");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("zdict " + ZdictVersion.projectVersion()), result::toString);
    }

    /** The old way to choose a dictionary version must not write the version text where a payload goes. */
    @Test
    void versionWithAValueIsAUsageErrorPointingToDictVersion() {
        for (String command : new String[] {"compress", "eval"}) {
            Cli.Result result = Cli.run(command, "--registry", "reg", "--version", "3");
            assertEquals(2, result.exitCode(), result::toString);
            assertEquals("", result.out(), result::toString);
            assertTrue(
                    result.err()
                            .contains("--version takes no value, it prints zdict's version; to choose dictionary"
                                    + " version 3 write -d 3 (--dict-version 3)"),
                    result::toString);
        }
        Cli.Result list = Cli.run("registry", "list", "--registry", "reg", "--version", "3");
        assertEquals(2, list.exitCode(), list::toString);
        assertEquals("", list.out(), list::toString);
        assertTrue(list.err().contains("Unmatched argument '3'"), list::toString);
        assertFalse(list.err().contains("--dict-version"), list::toString);
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

    private static String[] with(String[] command, String option) {
        String[] args = new String[command.length + 1];
        System.arraycopy(command, 0, args, 0, command.length);
        args[command.length] = option;
        return args;
    }
}
