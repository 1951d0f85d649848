/**
 * Kafka Connect support: {@link org.zdict.connect.ZdictConverter}, a {@code Converter} that compresses
 * what an inner converter writes (source connectors) and decompresses before it reads (sink connectors),
 * with the registry and settings of the zdict serde. Built as a Connect plugin folder (and zip) for a
 * worker's {@code plugin.path}.
 */
package org.zdict.connect;
