package org.zdict.dictionaries;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The real sample events the demo trains on: 39,244 Wikipedia recent-change events of 2015-09-12, the
 * Druid "wikiticker" sample (entry {@code wikipedia/wikiticker-2015-09-12-sampled.json.gz} of the Maven
 * Central artifact {@code org.apache.druid:druid-processing:31.0.0:tests}, Apache-2.0; the content is
 * Wikipedia metadata under CC BY-SA). The build unpacks it onto this module's classpath, so it needs
 * nothing beyond Maven Central.
 */
public final class BundledSample {
    /** The gzip-compressed JSON Lines file, as a classpath resource. */
    public static final String RESOURCE = "/org/zdict/dictionaries/sample/wikiticker-2015-09-12-sampled.json.gz";
    /** A short name for reports. */
    public static final String NAME = "wikiticker-2015-09-12-sampled.json.gz";
    /** Where it comes from, for reports. */
    public static final String ORIGIN = "org.apache.druid:druid-processing:31.0.0:tests";

    private BundledSample() {}

    /**
     * Opens the gzip-compressed sample; the caller closes it. Safe to call from any thread.
     *
     * @return a new stream of the compressed file
     * @throws java.io.UncheckedIOException if the resource is missing from the classpath
     */
    public static InputStream open() {
        InputStream in = BundledSample.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new UncheckedIOException(new IOException("The bundled sample " + RESOURCE
                    + " is missing from the classpath: build the dictionaries module with Maven first"));
        }
        return in;
    }
}
