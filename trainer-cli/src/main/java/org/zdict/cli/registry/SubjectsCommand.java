package org.zdict.cli.registry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code zdict registry subjects}: the subjects of a registry, each with its active version. */
@Command(
        name = "subjects",
        description = "List the subjects of a registry (lineages of dictionaries), each with its active version"
                + " and number of versions.")
public final class SubjectsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Option(names = "--json", description = "One JSON array, for scripts.")
    boolean json;

    /** One subject as listed. */
    private record Row(String subject, OptionalInt active, long versions) {}

    @Override
    public Integer call() throws IOException {
        List<Row> rows;
        try (DictionaryRegistry source = registry.openExisting()) {
            List<DictionaryInfo> versions = source.list();
            rows = source.subjects().stream()
                    .map(name -> new Row(
                            name,
                            source.activeVersion(name),
                            versions.stream()
                                    .filter(i -> i.subject().equals(name))
                                    .count()))
                    .toList();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(rows, out);
        } else if (rows.isEmpty()) {
            out.println("No subjects.");
        } else {
            int width = Math.max(
                    "subject".length(),
                    rows.stream().mapToInt(r -> r.subject().length()).max().orElse(0));
            String format = "%-" + width + "s  %6s  %8s%n";
            out.printf(Locale.ROOT, format, "subject", "active", "versions");
            for (Row row : rows) {
                out.printf(
                        Locale.ROOT,
                        format,
                        row.subject(),
                        row.active().isPresent() ? Integer.toString(row.active().getAsInt()) : "-",
                        row.versions());
            }
        }
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    private static void printJson(List<Row> rows, PrintWriter out) throws IOException {
        try (JsonGenerator generator =
                new JsonFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            generator.useDefaultPrettyPrinter();
            generator.writeStartArray();
            for (Row row : rows) {
                generator.writeStartObject();
                generator.writeStringField("subject", row.subject());
                if (row.active().isPresent()) {
                    generator.writeNumberField("active", row.active().getAsInt());
                } else {
                    generator.writeNullField("active");
                }
                generator.writeNumberField("versions", row.versions());
                generator.writeEndObject();
            }
            generator.writeEndArray();
        }
        out.println();
    }
}
