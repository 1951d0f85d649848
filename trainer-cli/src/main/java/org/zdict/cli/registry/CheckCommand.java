package org.zdict.cli.registry;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.zdict.RegistryException;
import org.zdict.cli.RegistryOption;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zdict registry check}: whether a registry can lose dictionaries, one line per finding, and an exit
 * code for scripts ({@link Finding.Verdict}). Reads only.
 */
@Command(
        name = "check",
        description = "Check that a registry keeps its dictionaries: for a kafka:// registry, what the topic's"
                + " configuration means for durability, that every version's record is present and verifies, and"
                + " which operations the caller holds; for a folder, that every file verifies and only its owner"
                + " may change it. Changes nothing.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {
            "0:sound (findings ok or note)",
            "1:data at risk now or unreadable: a dictionary missing or not verifying, the registry unreachable",
            "2:usage error",
            "3:readable, but its configuration risks data (compacted, CreateTime timestamps, finite retention,"
                    + " replication, min.insync.replicas, unclean leader election, writable by others), or it"
                    + " could not all be checked"
        })
public final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Override
    public Integer call() {
        String canonical;
        try {
            canonical = DictionaryRegistries.canonical(registry.location());
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (canonical.startsWith("classpath:")) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Registry '" + registry.location()
                            + "' is on the classpath, inside a jar: check the folder it was built from");
        }
        List<Finding> findings = KafkaLocation.isKafka(canonical)
                ? new KafkaRegistryCheck(registry.commandConfig().withFile(KafkaLocation.parse(canonical))).run()
                : new FolderRegistryCheck(Path.of(canonical)).run();
        PrintWriter out = spec.commandLine().getOut();
        out.println("Registry " + registry.display());
        for (Finding finding : findings) {
            out.printf(Locale.ROOT, "%-8s %s%n", finding.verdict().word(), finding.text());
        }
        int exitCode = Finding.exitCode(findings);
        out.println(
                switch (Finding.worst(findings)) {
                    case OK, NOTE -> "Sound (exit 0).";
                    case RISK, UNKNOWN ->
                        "Readable, but at risk: see 'risk' and 'unknown' above (exit " + exitCode + ").";
                    case PROBLEM -> "Data at risk now or unreadable: see 'problem' above (exit " + exitCode + ").";
                });
        out.flush();
        return exitCode;
    }
}
