package org.zdict.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The user documentation (README.md and docs/) holds together: every relative link names a file that exists
 * and every anchor a heading of its page; the pages stay within their size; and they describe the product
 * as it is, leaving the history of the work to CHANGELOG.md and benchmarks/results/.
 */
class DocsLinksTest {
    /**
     * The bound on README.md and docs/ together. The goal is under 4,000; this is where the pages stand, so it
     * may only come down.
     */
    private static final int MOST_LINES = 5000;

    private static final int LONGEST_LINE = 400;

    /** Table rows over LONGEST_LINE still to be cut (generated tables are exempt); may only come down. */
    private static final int MOST_LONG_TABLE_ROWS = 14;

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s*\\[[^\\]]+\\]:\\s*(\\S+)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    /** What a lab notebook says and a user's manual does not; CHANGELOG.md and benchmarks/results/ may. */
    private static final Pattern HISTORY =
            Pattern.compile("(?i)\\bissues? #?\\d+|\\bload average|\\bearlier releases?\\b|\\bprevious (release|build)|"
                    + "\\bformer\\b|\\bthe build before\\b|\\bearlier builds?\\b|\\bbefore this (change|build)\\b");

    @Test
    void everyLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path page : DocPages.userDocs()) {
            List<String> prose = DocPages.prose(DocPages.lines(page));
            for (int i = 0; i < prose.size(); i++) {
                String line = INLINE_CODE.matcher(prose.get(i)).replaceAll("");
                List<String> targets = new ArrayList<>();
                Matcher link = LINK.matcher(line);
                while (link.find()) {
                    targets.add(link.group(1));
                }
                Matcher ref = REFERENCE.matcher(line);
                if (ref.find()) {
                    targets.add(ref.group(1));
                }
                for (String target : targets) {
                    String problem = check(page, target, anchors);
                    if (problem != null) {
                        broken.add(where(page, i + 1) + ": " + target + " — " + problem);
                    }
                }
            }
        }
        System.out.println("docs: checked the links of " + DocPages.userDocs().size() + " pages");
        assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken));
    }

    private static String check(Path page, String target, Map<Path, Set<String>> anchors) {
        if (target.matches("(?i)^(https?|mailto|ftp):.*") || target.startsWith("<")) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null || !resolved.toString().endsWith(".md")) {
            return null;
        }
        Set<String> known = anchors.computeIfAbsent(resolved, DocPages::anchors);
        return known.contains(anchor)
                ? null
                : "no such anchor in " + DocPages.root().relativize(resolved);
    }

    @Test
    void thePagesAreShortAndTheirLinesReadable() {
        int total = 0;
        List<String> longLines = new ArrayList<>();
        List<String> longRows = new ArrayList<>();
        for (Path page : DocPages.userDocs()) {
            List<String> lines = DocPages.lines(page);
            total += lines.size();
            List<String> prose = DocPages.prose(lines); // a tool's output in a block is shown as printed
            boolean generated = false;
            for (int i = 0; i < prose.size(); i++) {
                String line = prose.get(i);
                generated = line.startsWith("<!-- generated") || (generated && line.startsWith("|"));
                if (line.length() > LONGEST_LINE && !generated) {
                    (line.startsWith("|") ? longRows : longLines)
                            .add(where(page, i + 1) + " (" + line.length() + " characters)");
                }
            }
        }
        assertTrue(
                longRows.size() <= MOST_LONG_TABLE_ROWS,
                "table rows over " + LONGEST_LINE + " characters:\n" + String.join("\n", longRows));
        System.out.println("docs: " + total + " lines in README.md and docs/");
        assertTrue(total < MOST_LINES, "README.md and docs/ have " + total + " lines; keep them under " + MOST_LINES);
        assertTrue(longLines.isEmpty(), "lines over " + LONGEST_LINE + " characters:\n" + String.join("\n", longLines));
    }

    @Test
    void thePagesDescribeTheProductAsItIs() {
        List<String> found = new ArrayList<>();
        for (Path page : DocPages.userDocs()) {
            List<String> lines = DocPages.prose(DocPages.lines(page)); // a tool's output is shown as it is
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = HISTORY.matcher(lines.get(i));
                if (m.find()) {
                    found.add(where(page, i + 1) + ": \"" + m.group() + "\"");
                }
            }
        }
        assertTrue(
                found.isEmpty(),
                "history belongs in CHANGELOG.md or benchmarks/results/, not in the user docs:\n"
                        + String.join("\n", found));
    }

    private static String where(Path page, int line) {
        return DocPages.root().relativize(page) + ":" + line;
    }
}
