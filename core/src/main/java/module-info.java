/**
 * zdict core: the codec, the payload prefix and the dictionary registries.
 *
 * <p>The API is the four packages exported to everyone. {@code org.zdict.registry.support} is exported only
 * to the zdict modules that share the registry code, and {@code org.zdict.internal.lz4} only to the
 * benchmarks, which measure it; {@code org.zdict.internal} is not exported. {@code BoundaryTest} in core
 * reads the qualified exports below and holds the same line on the class path, for every module of the
 * build.
 *
 * <p>The modules named in qualified exports are built after core, so javac cannot see them here ("module not
 * found"); {@code BoundaryTest} checks each name against the module that sets it.
 */
@SuppressWarnings("module")
module org.zdict.core {
    requires com.fasterxml.jackson.core;
    requires com.github.luben.zstd_jni;

    exports org.zdict;
    exports org.zdict.codec;
    exports org.zdict.format;
    exports org.zdict.registry;
    exports org.zdict.registry.support to
            org.zdict.kafka,
            org.zdict.kafka.admin,
            org.zdict.cli;
    exports org.zdict.internal.lz4 to
            org.zdict.benchmarks;

    uses org.zdict.registry.RegistryProvider;

    provides org.zdict.registry.RegistryProvider with
            org.zdict.internal.FolderRegistryProvider,
            org.zdict.internal.ClasspathRegistryProvider;
}
