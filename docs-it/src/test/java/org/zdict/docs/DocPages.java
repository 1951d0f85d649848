package org.zdict.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The user documentation, README.md and every Markdown file under docs/, read as GitHub renders it. */
final class DocPages {
    /** The info string that marks a fenced shell block as one the docs test runs. */
    static final String RUNNABLE = "sh runnable";

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(```+|~~~+)(.*)$");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

    private DocPages() {}

    /** The project's root folder (the build passes it; from the module folder, its parent). */
    static Path root() {
        String root = System.getProperty("zdict.root");
        return (root != null ? Path.of(root) : Path.of("..")).toAbsolutePath().normalize();
    }

    /** README.md, then every .md under docs/, in path order. */
    static List<Path> userDocs() {
        Path root = root();
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fenced block: its info string, its lines, and the line (1-based) of its opening fence. */
    record Block(String info, List<String> lines, int line) {
        boolean runnable() {
            return info.trim().equals(RUNNABLE);
        }
    }

    static List<Block> blocks(List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String fence = open.group(2);
            List<String> body = new ArrayList<>();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).trim().startsWith(fence)) {
                body.add(lines.get(j));
                j++;
            }
            blocks.add(new Block(open.group(3), body, i + 1));
            i = j;
        }
        return blocks;
    }

    /** The page's lines outside fenced blocks (fenced lines become empty, so line numbers hold). */
    static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>(lines);
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FENCE.matcher(lines.get(i));
            if (fence == null && m.matches()) {
                fence = m.group(2);
                prose.set(i, "");
            } else if (fence != null) {
                if (lines.get(i).trim().startsWith(fence)) {
                    fence = null;
                }
                prose.set(i, "");
            }
        }
        return prose;
    }

    /** The anchors GitHub gives the page's headings (and its explicit {@code <a id>} anchors). */
    static Set<String> anchors(Path page) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(lines(page))) {
            Matcher a = HTML_ANCHOR.matcher(line);
            while (a.find()) {
                anchors.add(a.group(1));
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = slug(h.group(2));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /** GitHub's heading slug: the text without markup, lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1") // links keep their text
                .replaceAll("<[^>]+>", "")
                .replace("`", "")
                .replace("*", "")
                .toLowerCase();
        text = Normalizer.normalize(text, Normalizer.Form.NFC);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '_' || c == '-') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }
}
