package org.zdict.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** docs/COMPATIBILITY.md's table of tested kafka-clients releases names exactly the {@link ClientMatrix}. */
class CompatibilityTableTest {
    private static final Path DOCS = Path.of(System.getProperty("zdict.matrix.docs"));
    private static final String SECTION = "## Kafka clients";

    @Test
    void theTableOfTestedReleasesNamesExactlyTheMatrix() throws IOException {
        Set<String> matrix = new TreeSet<>();
        for (ClientMatrix entry : ClientMatrix.values()) {
            matrix.add(entry.kafkaClients + ", zdict-bom imported: " + (entry.importsBom ? "yes" : "no"));
        }
        Set<String> documented = new TreeSet<>();
        for (List<String> row : tableRows()) {
            documented.add(row.get(0).replace("`", "") + ", zdict-bom imported: " + row.get(1));
        }
        assertEquals(matrix, documented, "the tested releases in " + DOCS + ", section " + SECTION);
    }

    @Test
    void theTableHasOneRowPerEntry() throws IOException {
        assertEquals(ClientMatrix.values().length, tableRows().size(), "rows of the table in " + DOCS);
    }

    /** The cells of each row of the first table in the section, header and separator left out. */
    private static List<List<String>> tableRows() throws IOException {
        List<String> lines = Files.readAllLines(DOCS, StandardCharsets.UTF_8);
        int start = lines.indexOf(SECTION);
        if (start < 0) {
            throw new AssertionError(DOCS + " has no section '" + SECTION + "'");
        }
        List<List<String>> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            if (line.startsWith("|")) {
                inTable = true;
                List<String> cells = Arrays.stream(line.substring(1).split("\\|"))
                        .map(String::trim)
                        .toList();
                boolean headerOrSeparator =
                        cells.get(0).equals("kafka-clients") || cells.get(0).startsWith("---");
                if (!headerOrSeparator) {
                    rows.add(cells);
                }
            } else if (inTable) {
                break;
            }
        }
        return rows;
    }
}
