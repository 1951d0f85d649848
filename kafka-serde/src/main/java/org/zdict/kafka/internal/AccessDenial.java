package org.zdict.kafka.internal;

import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.zdict.RegistryException;

/**
 * The cluster's refusal of a registry client: an authentication failure (TLS handshake, SASL credentials)
 * or an authorization failure (a missing ACL). Unlike an unreachable cluster, a refusal is final: the
 * registry never serves its local copy after one, so a principal the brokers deny gets nothing from disk
 * that another identity stored there. Messages name the cluster, the topic and the cause, never a setting's
 * value.
 */
public final class AccessDenial {
    private AccessDenial() {}

    /** {@return the authentication or authorization failure in {@code e}'s causes, or null if there is none} */
    public static RuntimeException in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof AuthenticationException || t instanceof AuthorizationException) {
                return (RuntimeException) t;
            }
        }
        return null;
    }

    /** The error for a refusal met while writing the registry topic (publishing, changing a version's state). */
    public static RegistryException writing(String servers, String topic, RuntimeException denial) {
        if (denial instanceof AuthenticationException) {
            return opening(servers, topic, "WRITE", denial);
        }
        return new RegistryException(
                "Not authorized to write to the registry topic '" + topic
                        + "' on the Kafka cluster at " + servers + " ("
                        + denial.getClass().getSimpleName() + ": "
                        + denial.getMessage() + "): publishing and changing versions need WRITE on topic '" + topic
                        + "' (docs/SECURITY.md lists each role's ACLs); nothing was written",
                denial);
    }

    /**
     * The error for a refusal met while opening the registry.
     *
     * @param servers the cluster, {@code HOST:PORT[,...]}
     * @param topic the registry topic
     * @param needs the ACL operations the client needs on the topic, for example {@code "DESCRIBE and READ"}
     * @param denial what {@link #in} found
     */
    public static RegistryException opening(String servers, String topic, String needs, RuntimeException denial) {
        String cause = denial.getClass().getSimpleName() + ": " + denial.getMessage();
        String message;
        if (denial instanceof SslAuthenticationException) {
            Throwable root = denial;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            if (root != denial) {
                cause += ": " + root.getMessage();
            }
            message = "TLS handshake with the Kafka cluster at " + servers + " failed (" + cause
                    + "): check ssl.truststore.* (the brokers' certificate authority) and the key store";
        } else if (denial instanceof AuthenticationException) {
            message = "Authentication to the Kafka cluster at " + servers + " failed (" + cause
                    + "): check security.protocol, sasl.mechanism and the credentials in sasl.jaas.config";
        } else {
            message = "Not authorized to read the registry topic '" + topic + "' on the Kafka cluster at " + servers
                    + " (" + cause + "): this client's principal needs " + needs + " on topic '" + topic
                    + "' (docs/SECURITY.md lists each role's ACLs)";
        }
        return new RegistryException(message + "; the registry's local copy is not used after a refusal", denial);
    }
}
