package org.zdict.cli.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.zdict.engine.retrain.Decision;
import org.zdict.engine.retrain.Durations;
import org.zdict.engine.retrain.Reference;
import org.zdict.engine.retrain.Verdict;

/**
 * What one {@code zdict retrain} run measured and decided: a table for people, JSON for schedulers.
 *
 * @param verdict the decision, its reason and the gain
 * @param rule the retrain policy's rule that decided (a race with another scheduler aside)
 * @param objectiveChoice the grid point the objective chose ("256K L1"), which the candidate may differ from
 * @param dryRun whether the decision was only reported, nothing being published
 * @param registry the registry location as given
 * @param subject the subject
 * @param candidateLabel the grid point judged ("256K L3"): the one promoted, or when kept the closest
 * @param candidateLevel its zstd level
 * @param candidateRatio its ratio on the held-out events, batches of 1
 * @param candidateMbps its compression speed there, 10^6 bytes per CPU second
 * @param reference what it was compared with
 * @param publishedVersion the version the candidate was published as, 0 if it was not
 * @param retired versions retired by the promotion
 * @param eventsRead events read from the inputs
 * @param trainEvents events the candidate was measured after training on
 * @param holdoutEvents the newest events, held out, both were measured on
 * @param minGain the --min-gain threshold
 * @param minInterval the --min-interval
 * @param startedAt when the run started
 * @param decidedAt when it decided
 */
public record RetrainReport(
        RetrainOutcome verdict,
        Verdict.Rule rule,
        String objectiveChoice,
        boolean dryRun,
        String registry,
        String subject,
        String candidateLabel,
        int candidateLevel,
        double candidateRatio,
        double candidateMbps,
        Reference reference,
        int publishedVersion,
        List<Integer> retired,
        long eventsRead,
        int trainEvents,
        int holdoutEvents,
        double minGain,
        Duration minInterval,
        Instant startedAt,
        Instant decidedAt) {

    /** The table a person reads. */
    public void print(PrintWriter out) {
        out.printf(Locale.ROOT, "%nOn the newest %,d held-out events, batches of 1:%n", holdoutEvents);
        out.printf(Locale.ROOT, "  %-22s  %6s  %9s  %9s%n", "", "level", "ratio", "comp MB/s");
        out.printf(
                Locale.ROOT,
                "  %-22s  %6d  %8.3fx  %9.0f%n",
                (rule.noPointEarnedItsPlace() ? "closest " : "candidate ") + candidateLabel,
                candidateLevel,
                candidateRatio,
                candidateMbps);
        out.printf(
                Locale.ROOT,
                "  %-22s  %6d  %8.3fx  %9.0f%n",
                reference.label(),
                reference.level(),
                reference.ratio(),
                reference.compressMbps());
        out.printf(
                Locale.ROOT,
                "  gain %+.1f%% (--min-gain %.1f%%, --min-interval %s; the objective chose %s)%n",
                verdict.gain() * 100,
                minGain * 100,
                Durations.format(minInterval),
                objectiveChoice);
        out.printf(
                Locale.ROOT,
                "Decision: %s%s: %s.%n",
                verdict.decision().label(),
                dryRun ? " (dry run: nothing was published)" : "",
                verdict.reason());
        if (publishedVersion > 0) {
            out.printf(
                    Locale.ROOT,
                    "Version %d of subject %s is %s.%n",
                    publishedVersion,
                    subject,
                    verdict.decision() == Decision.PROMOTED ? "now active" : "published, available");
        }
        if (!retired.isEmpty()) {
            out.println("Retired: " + retired + " (zdict registry remove --expired removes them after retention).");
        }
        out.flush();
    }

    public void writeJson(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                JsonGenerator json = new JsonFactory().createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("decision", verdict.decision().label());
            json.writeStringField("reason", verdict.reason());
            json.writeStringField("rule", rule.name().toLowerCase(Locale.ROOT));
            json.writeBooleanField("dryRun", dryRun);
            json.writeStringField("registry", registry);
            json.writeStringField("subject", subject);
            json.writeObjectFieldStart("candidate");
            json.writeStringField("grid", candidateLabel);
            json.writeStringField("role", rule.noPointEarnedItsPlace() ? "closest" : "chosen");
            json.writeStringField("objectiveChoice", objectiveChoice);
            json.writeNumberField("level", candidateLevel);
            json.writeNumberField("ratio", round(candidateRatio));
            json.writeNumberField("compressMBps", Math.round(candidateMbps));
            if (publishedVersion > 0) {
                json.writeNumberField("version", publishedVersion);
            }
            json.writeEndObject();
            json.writeObjectFieldStart("active");
            if (reference.isPlainZstd()) {
                json.writeNullField("version");
                json.writeStringField("comparedWith", "zstd-" + reference.level());
            } else {
                json.writeNumberField("version", reference.version());
                json.writeStringField("comparedWith", "version " + reference.version());
            }
            json.writeNumberField("level", reference.level());
            json.writeNumberField("ratio", round(reference.ratio()));
            json.writeNumberField("compressMBps", Math.round(reference.compressMbps()));
            if (reference.since() != null) {
                json.writeStringField(
                        reference.sinceRecorded() ? "activatedAt" : "publishedAt",
                        reference.since().toString());
            }
            json.writeEndObject();
            json.writeNumberField("gain", round(verdict.gain()));
            json.writeNumberField("minGain", minGain);
            json.writeStringField("minInterval", minInterval.toString());
            json.writeNumberField("batch", 1);
            json.writeObjectFieldStart("samples");
            json.writeNumberField("eventsRead", eventsRead);
            json.writeNumberField("trainEvents", trainEvents);
            json.writeNumberField("holdoutEvents", holdoutEvents);
            json.writeEndObject();
            json.writeArrayFieldStart("retired");
            for (int version : retired) {
                json.writeNumber(version);
            }
            json.writeEndArray();
            json.writeObjectFieldStart("times");
            json.writeStringField("startedAt", startedAt.toString());
            json.writeStringField("decidedAt", decidedAt.toString());
            if (verdict.nextPromotionAfter() != null) {
                json.writeStringField(
                        "nextPromotionAfter", verdict.nextPromotionAfter().toString());
            }
            json.writeNumberField(
                    "elapsedMillis", Duration.between(startedAt, decidedAt).toMillis());
            json.writeEndObject();
            json.writeEndObject();
        }
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
