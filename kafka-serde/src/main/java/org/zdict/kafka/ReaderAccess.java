package org.zdict.kafka;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.registry.DictionaryInfo;

/** What a {@link KafkaDictionaryRegistry}'s reader gives its write side ({@link WriteSide}). */
record ReaderAccess(
        String where,
        RegistryTopic topic,
        RegistryFollower follower,
        RegistryCache cache,
        Map<String, Object> clients,
        long timeoutMs,
        long removeGraceMs,
        Clock clock)
        implements RegistryAccess {

    @Override
    public String topicName() {
        return topic.name();
    }

    @Override
    public Map<String, Object> clientSettings() {
        return new HashMap<>(clients);
    }

    @Override
    public Path cacheDir() {
        return cache.dir();
    }

    @Override
    public boolean topicExists() {
        return topic.exists();
    }

    @Override
    public long endOffset() {
        return topic.endOffset();
    }

    @Override
    public boolean topicUnavailable() {
        return follower.health().isTopicUnavailable();
    }

    @Override
    public void awaitPosition(long offset) {
        follower.awaitPosition(offset, timeoutMs);
    }

    @Override
    public <T> T read(Function<RegistryState, T> reader) {
        return follower.read(reader::apply);
    }

    @Override
    public byte[] content(DictionaryInfo info) {
        return cache.read(info);
    }
}
