package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.zdict.engine.input.EventInput;
import org.zdict.engine.input.OnError;

class SamplerTest {
    private static final Pattern NUMBER = Pattern.compile("\"n\":(\\d+)");

    @Test
    void latestHoldsOutTheEndOfTheInput() throws IOException {
        SampleSet set = read(HoldoutFrom.LATEST);
        assertEquals(200, set.holdout().size());
        assertEquals(800, set.train().size());
        assertTrue(set.holdout().stream().allMatch(e -> number(e) >= 800), "held out: not the last 200 events");
        assertTrue(set.train().stream().allMatch(e -> number(e) < 800));
    }

    @Test
    void randomHoldsOutEventsFromTheWholeInput() throws IOException {
        SampleSet set = read(HoldoutFrom.RANDOM);
        assertEquals(200, set.holdout().size());
        long early = set.holdout().stream().filter(e -> number(e) < 500).count();
        assertTrue(early > 60 && early < 140, "held out from the first half: " + early + " of 200");
    }

    private static SampleSet read(HoldoutFrom from) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            lines.append("{\"n\":").append(i).append(",\"kind\":\"event\"}\n");
        }
        byte[] input = lines.toString().getBytes(StandardCharsets.UTF_8);
        Sampler sampler = new Sampler(10_000, 1 << 20, 0.2, from, 1, OnError.FAIL);
        return sampler.read(
                List.of(EventInput.of("numbers", () -> new ByteArrayInputStream(input))),
                InputStream.nullInputStream(),
                ProgressListener.NONE,
                skipped -> {});
    }

    private static int number(byte[] event) {
        Matcher m = NUMBER.matcher(new String(event, StandardCharsets.UTF_8));
        assertTrue(m.find());
        return Integer.parseInt(m.group(1));
    }
}
