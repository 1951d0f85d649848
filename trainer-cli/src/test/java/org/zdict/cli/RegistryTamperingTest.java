package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dictionary file changed behind the registry's back is shown as corrupt and cannot be activated. */
class RegistryTamperingTest {
    @TempDir
    Path dir;

    @Test
    void listsATamperedVersionAsCorruptAndRefusesToActivateIt() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 5);
        Path registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        assertEquals(
                0,
                Cli.trainTiny(events.toString(), "--registry", registry.toString())
                        .exitCode());
        Path file = registry.resolve("v000002.dict");
        byte[] tampered = Files.readAllBytes(file);
        tampered[100] ^= 1;
        Files.write(file, tampered);

        Cli.Result list = Cli.run("registry", "list", "--registry", registry.toString());
        assertEquals(0, list.exitCode(), list::toString);
        assertTrue(list.out().contains("CORRUPT"), list::toString);
        assertTrue(list.out().contains("Version 2 (recorded as available) cannot be used"), list::toString);
        Cli.Result json = Cli.run("registry", "list", "--registry", registry.toString(), "--json");
        assertTrue(json.out().contains("\"corrupt\" : true"), json::toString);

        Cli.Result activate = Cli.run("registry", "activate", "2", "--registry", registry.toString());
        assertEquals(1, activate.exitCode(), activate::toString);
        assertTrue(activate.err().contains("SHA-256"), activate::toString);
        Cli.Result after = Cli.run("registry", "list", "--registry", registry.toString(), "--json");
        assertTrue(after.out().contains("\"status\" : \"active\""), after::toString);
        assertTrue(after.out().indexOf("\"status\" : \"active\"") < after.out().indexOf("\"version\" : 2"));
    }
}
