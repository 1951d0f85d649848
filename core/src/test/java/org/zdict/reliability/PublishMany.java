package org.zdict.reliability;

import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Child-JVM main: waits until a common start time, then publishes and activates {@code count}
 * dictionaries in a directory registry that other processes write at the same time, printing each
 * version number it got. Arguments: folder, writer name, count, start time (epoch millis).
 */
public final class PublishMany {
    private PublishMany() {}

    public static void main(String[] args) throws InterruptedException {
        DictionaryRegistry registry = DictionaryRegistries.openFolder(Path.of(args[0]));
        String writer = args[1];
        int count = Integer.parseInt(args[2]);
        Thread.sleep(Math.max(0, Long.parseLong(args[3]) - System.currentTimeMillis()));
        Random random = new Random(writer.hashCode());
        for (int i = 0; i < count; i++) {
            DictionaryInfo info = registry.publish(
                    PublishLoop.fakeDictionary(random), 3, Map.of("writer", writer, "i", Integer.toString(i)));
            registry.activate(info.version());
            System.out.println("published=" + info.version());
        }
        System.out.flush();
    }
}
