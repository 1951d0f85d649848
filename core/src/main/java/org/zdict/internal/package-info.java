/**
 * Internal code of zdict core: the frame and block header parsers, zstd-jni's feature checks, the registry
 * providers that {@link java.util.ServiceLoader} finds, and (in {@code org.zdict.internal.lz4}) the LZ4 block
 * codec. It is not API: users must not call it, and it may change or disappear in any release without notice.
 *
 * <p>Core's {@code module-info.java} does not export it (only {@code org.zdict.internal.lz4}, to the
 * benchmarks, which measure it), and {@code BoundaryTest} in core fails the build when main code of another
 * module imports it. The API is in {@code org.zdict}, {@code org.zdict.codec}, {@code org.zdict.format} and
 * {@code org.zdict.registry}; what other zdict modules share with core is in {@code
 * org.zdict.registry.support}.
 */
package org.zdict.internal;
