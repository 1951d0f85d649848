package org.zdict.cli.registry;

import java.util.Map;
import org.zdict.kafka.KafkaDictionaryRegistry;
import org.zdict.kafka.admin.RegistryTopicSettings;
import picocli.CommandLine.Command;

/** {@code zdict registry migrate}: make a registry topic an earlier release created compacted durable, in place. */
@Command(
        name = "migrate",
        description = {
            "Make a registry topic append-only and stamped by the broker, in place (needs ALTER_CONFIGS on it):"
                    + " cleanup.policy=delete, retention.ms=-1, retention.bytes=-1,"
                    + " message.timestamp.type=LogAppendTime. Earlier releases created it compacted, where a"
                    + " tombstone or a garbage record and a compaction can erase a dictionary.",
            "Nothing is rewritten and no client needs a restart. Safe to run again."
        })
public final class MigrateCommand extends KafkaTopicCommand {
    @Override
    String folderNote() {
        return "a folder registry has no topic to migrate";
    }

    @Override
    String apply(KafkaDictionaryRegistry target) {
        Map<String, String> before = target.makeTopicDurable();
        if (before.isEmpty()) {
            return "Topic " + target.topic() + " is already append-only and stamped by the broker; nothing changed.";
        }
        StringBuilder said = new StringBuilder(
                "Topic " + target.topic() + " is now append-only and stamped by the" + " broker. Changed:");
        before.forEach((name, was) -> said.append(System.lineSeparator())
                .append("  ")
                .append(name)
                .append(": ")
                .append(was)
                .append(" -> ")
                .append(RegistryTopicSettings.DURABLE.get(name)));
        return said.toString();
    }
}
