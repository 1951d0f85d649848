package org.zdict.cli.registry;

import org.zdict.kafka.KafkaDictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code zdict registry purge}: delete the bytes of removed versions from a registry topic, for good. */
@Command(
        name = "purge",
        description = {
            "Delete for good the dictionary bytes of every removed version from a registry topic (needs DELETE on"
                    + " the topic): the records in force are written again, and every record before them is"
                    + " deleted. The only command that deletes dictionary bytes; `registry remove` first.",
            "Clients that hold a purged version in their local copy drop it when they next read the topic from"
                    + " its start. Requires --yes."
        })
public final class PurgeCommand extends KafkaTopicCommand {
    @Option(names = "--yes", description = "Confirm: records written with the purged versions become unreadable.")
    boolean yes;

    @Override
    String folderNote() {
        return "removing a version from a folder registry deletes its file already";
    }

    @Override
    void checkArguments() {
        if (!yes) {
            throw new ParameterException(
                    spec.commandLine(),
                    "zdict registry purge deletes dictionary bytes for good: records written with the versions it"
                            + " purges can never be read again. Add --yes to confirm");
        }
    }

    @Override
    String apply(KafkaDictionaryRegistry target) {
        return target.purge() + ".";
    }
}
