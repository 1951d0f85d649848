/**
 * Internal code of zdict, public only so that zdict's own modules (kafka-serde, train, trainer-cli,
 * benchmarks) can share it; {@code zdict inspect} prints a {@link org.zdict.internal.FrameHeader}. It is
 * not API: users must not call it, and it may change or disappear in any release without notice. The API
 * is in {@code org.zdict}, {@code org.zdict.codec}, {@code org.zdict.format}, {@code org.zdict.registry}
 * and {@code org.zdict.train}.
 */
package org.zdict.internal;
