/**
 * What zdict's registry implementations share: the version table and its rules ({@code VersionTable}), the
 * folder layout and its {@code manifest.json} ({@code RegistryFolder}), the checked dictionary files, backups
 * and owner-only files, and the JSON of a version's facts that the folder manifest and the Kafka registry's
 * topic records share ({@code VersionJson}). Used by core's folder and in-memory registries, the Kafka
 * registry's reader ({@code zdict-kafka-serde}) and writer ({@code zdict-kafka-registry-admin}) and the CLI's
 * registry tools ({@code zdict-trainer-cli}).
 *
 * <p>Not API: for zdict's own modules only; it may change in any release. On the module path core exports it
 * only to those modules ({@code module-info.java}), and {@code BoundaryTest} in core fails the build when main
 * code of any other module imports it.
 */
package org.zdict.registry.support;
