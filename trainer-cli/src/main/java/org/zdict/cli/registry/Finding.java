package org.zdict.cli.registry;

import java.util.List;
import org.zdict.cli.ZdictCommand;

/**
 * One line of {@code zdict registry check}: a verdict word and what was found, with what it means and,
 * when something is wrong, what to do.
 */
record Finding(Verdict verdict, String text) {
    /** Exit code: the registry is readable, but its configuration risks its data. */
    static final int EXIT_CONFIGURATION_RISK = 3;

    /** How bad a finding is, mildest first, and the exit code it leads to. */
    enum Verdict {
        /** As it should be. */
        OK("ok", ZdictCommand.EXIT_OK),
        /** Worth knowing; nothing is at risk. */
        NOTE("note", ZdictCommand.EXIT_OK),
        /** Could not be checked (the caller may not see it): the registry may be at risk. */
        UNKNOWN("unknown", EXIT_CONFIGURATION_RISK),
        /** Readable now, but the configuration lets data be lost. */
        RISK("risk", EXIT_CONFIGURATION_RISK),
        /** Data at risk now, or lost, or unreadable. */
        PROBLEM("problem", ZdictCommand.EXIT_FAILURE);

        private final String word;
        private final int exitCode;

        Verdict(String word, int exitCode) {
            this.word = word;
            this.exitCode = exitCode;
        }

        String word() {
            return word;
        }
    }

    static Finding ok(String text) {
        return new Finding(Verdict.OK, text);
    }

    static Finding note(String text) {
        return new Finding(Verdict.NOTE, text);
    }

    static Finding unknown(String text) {
        return new Finding(Verdict.UNKNOWN, text);
    }

    static Finding risk(String text) {
        return new Finding(Verdict.RISK, text);
    }

    static Finding problem(String text) {
        return new Finding(Verdict.PROBLEM, text);
    }

    /** {@return the worst verdict among {@code findings}, OK for none} */
    static Verdict worst(List<Finding> findings) {
        Verdict worst = Verdict.OK;
        for (Finding finding : findings) {
            if (finding.verdict().compareTo(worst) > 0) {
                worst = finding.verdict();
            }
        }
        return worst;
    }

    /** {@return the exit code of a check that found {@code findings}} */
    static int exitCode(List<Finding> findings) {
        return worst(findings).exitCode;
    }
}
