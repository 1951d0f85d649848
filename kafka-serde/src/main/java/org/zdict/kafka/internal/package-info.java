/**
 * Internal code of zdict's Kafka module, public only so that zdict's own modules (trainer-cli, spark) can share
 * it. It is not API: users must not call it, and it may change or disappear in any release without
 * notice. The API is {@code org.zdict.kafka}.
 */
package org.zdict.kafka.internal;
