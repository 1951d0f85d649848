/**
 * Internal code of zdict core. It is not API: users must not call it, and it may change or disappear in
 * any release without notice. It is public only because Java cannot say "zdict's own modules only" on a
 * class path; {@code BoundaryTest} in core fails the build when main code of another module uses it,
 * except the benchmarks (which measure it) and the uses listed there one by one (the Kafka registry
 * writer's and the CLI registry tools' shared folder and lifecycle code). The API is in {@code
 * org.zdict}, {@code org.zdict.codec}, {@code org.zdict.format} and {@code org.zdict.registry}.
 */
package org.zdict.internal;
