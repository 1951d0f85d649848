package org.zdict.cli.registry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.zdict.CorruptDictionaryException;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code zdict registry list}. */
@Command(
        name = "list",
        description = "List the versions in a registry, of every subject or of the one --subject names, with"
                + " each version's codec (zstd frames, or LZ4 blocks for versions published with --codec lz4),"
                + " and the dictionary set of each subject that routes by one.")
public final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Option(names = "--json", description = "One JSON array, for scripts.")
    boolean json;

    @Mixin
    SubjectOption subject;

    @Override
    public Integer call() throws IOException {
        List<DictionaryInfo> listed;
        Map<Integer, String> corrupt = new TreeMap<>();
        Map<Integer, java.time.Instant> pending = Map.of();
        Map<String, DictionarySet> sets = new TreeMap<>();
        if (subject.given()) {
            subject.name();
        }
        try (DictionaryRegistry source = registry.openExisting()) {
            listed = source.list();
            if (source instanceof org.zdict.kafka.KafkaDictionaryRegistry kafka) {
                pending = kafka.pendingRemovals();
            }
            if (subject.given()) {
                String name = subject.requireKnown(source);
                listed = listed.stream()
                        .filter(info -> info.subject().equals(name))
                        .toList();
            }
            for (DictionaryInfo info : listed) {
                source.activeSet(info.subject()).ifPresent(set -> sets.put(info.subject(), set));
                try {
                    source.get(info.version());
                } catch (CorruptDictionaryException e) {
                    corrupt.put(info.version(), e.getMessage());
                }
            }
        }
        List<DictionaryInfo> versions = listed;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(versions, corrupt, sets, out);
        } else if (versions.isEmpty()) {
            out.println("No versions.");
        } else {
            int width = Math.max(
                    "subject".length(),
                    versions.stream().mapToInt(i -> i.subject().length()).max().orElse(0));
            out.printf(
                    Locale.ROOT,
                    "%-8s %-" + width + "s %-9s %5s %-5s %8s  %-20s  %-9s  %s%n",
                    "version",
                    "subject",
                    "status",
                    "level",
                    "codec",
                    "size",
                    "created",
                    "held-out",
                    "sha256");
            for (DictionaryInfo info : versions) {
                String ratio = info.metadata().getOrDefault("heldOutRatio", "");
                out.printf(
                        Locale.ROOT,
                        "%-8d %-" + width + "s %-9s %5d %-5s %8d  %-20s  %-9s  %s%n",
                        info.version(),
                        info.subject(),
                        corrupt.containsKey(info.version())
                                ? "CORRUPT"
                                : info.status().label(),
                        info.level(),
                        codec(info),
                        info.size(),
                        info.createdAt().toString().replaceFirst("\\.\\d+Z$", "Z"),
                        ratio.isEmpty() ? "-" : String.format(Locale.ROOT, "%.2fx", Double.parseDouble(ratio)),
                        info.sha256().substring(0, 16));
            }
            sets.forEach((name, set) ->
                    out.println("Subject " + name + " routes by a dictionary set: " + ActivateCommand.describe(set)));
            corrupt.forEach((version, problem) -> out.println("Version " + version + " (recorded as "
                    + versions.stream()
                            .filter(i -> i.version() == version)
                            .findFirst()
                            .map(i -> i.status().label())
                            .orElse("?")
                    + ") cannot be used: " + problem));
            Map<Integer, java.time.Instant> removable = pending;
            versions.stream()
                    .filter(info -> removable.containsKey(info.version()))
                    .forEach(info -> out.println("Version " + info.version() + " is retired: a removal takes"
                            + " effect from " + removable.get(info.version()) + " (its retirement on the broker's"
                            + " clock plus " + org.zdict.kafka.KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG + ")"));
        }
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /** The codec recorded with {@code info}, as recorded: zstd for versions without one. */
    private static String codec(DictionaryInfo info) {
        return info.metadata().getOrDefault(DictionaryInfo.Codec.METADATA_KEY, DictionaryInfo.Codec.ZSTD.label());
    }

    private static void printJson(
            List<DictionaryInfo> versions,
            Map<Integer, String> corrupt,
            Map<String, DictionarySet> sets,
            PrintWriter out)
            throws IOException {
        try (JsonGenerator generator =
                new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            generator.useDefaultPrettyPrinter();
            generator.writeStartArray();
            for (DictionaryInfo info : versions) {
                generator.writeStartObject();
                generator.writeNumberField("version", info.version());
                generator.writeStringField("subject", info.subject());
                generator.writeStringField("status", info.status().label());
                generator.writeBooleanField("corrupt", corrupt.containsKey(info.version()));
                if (corrupt.containsKey(info.version())) {
                    generator.writeStringField("problem", corrupt.get(info.version()));
                }
                generator.writeNumberField("level", info.level());
                generator.writeStringField("codec", codec(info));
                generator.writeNumberField("size", info.size());
                generator.writeStringField("sha256", info.sha256());
                generator.writeStringField("createdAt", info.createdAt().toString());
                DictionarySet set = sets.get(info.subject());
                if (set != null && set.uses(info.version())) {
                    generator.writeObjectFieldStart("set");
                    generator.writeStringField("route", set.rule().text());
                    generator.writeBooleanField("fallback", set.fallback() == info.version());
                    generator.writeArrayFieldStart("kinds");
                    for (Map.Entry<String, Integer> member : set.members().entrySet()) {
                        if (member.getValue() == info.version()) {
                            generator.writeString(member.getKey());
                        }
                    }
                    generator.writeEndArray();
                    generator.writeEndObject();
                }
                // The lifecycle times among the metadata, where the JSON has always shown them.
                Map<String, String> metadata = new TreeMap<>(info.metadata());
                info.activatedAt().ifPresent(at -> metadata.put("activatedAt", at.toString()));
                info.retiredAt().ifPresent(at -> metadata.put("retiredAt", at.toString()));
                generator.writeObjectFieldStart("metadata");
                for (Map.Entry<String, String> entry : metadata.entrySet()) {
                    generator.writeStringField(entry.getKey(), entry.getValue());
                }
                generator.writeEndObject();
                generator.writeEndObject();
            }
            generator.writeEndArray();
        }
        out.println();
    }
}
