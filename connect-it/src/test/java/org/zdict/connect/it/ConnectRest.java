package org.zdict.connect.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.test.TestUtils;

/**
 * A Connect worker's REST API, as an operator drives it: create a connector, restart it or its task, read
 * its status. The same for every worker release, in this JVM or another.
 */
final class ConnectRest {
    private static final long WAIT_MS = 60_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** {@code base} is the worker's REST address, such as {@code http://127.0.0.1:8083/}. */
    ConnectRest(URI base) {
        this.base = base;
    }

    /** Whether the worker answers at all. */
    boolean isUp() {
        try {
            return send(HttpRequest.newBuilder(base.resolve("connectors")).GET())
                            .statusCode()
                    == 200;
        } catch (IOException e) {
            return false;
        }
    }

    void putConnector(String name, Map<String, String> config) throws IOException {
        String body = JSON.writeValueAsString(config);
        expect(
                send(HttpRequest.newBuilder(connector(name, "/config"))
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(body))),
                200,
                201);
    }

    void restartTask(String name, int task) throws IOException {
        expect(send(post(connector(name, "/tasks/" + task + "/restart"))), 204);
    }

    void restartConnectorAndTasks(String name) throws IOException {
        expect(send(post(connector(name, "/restart?includeTasks=true&onlyFailed=false"))), 202, 204);
    }

    /** The state of the connector's task {@code task} (RUNNING, FAILED, …), or "" if it has none yet. */
    String taskState(String name, int task) throws IOException {
        return taskStatus(name, task).path("state").asText("");
    }

    /** What the worker says about the task: its state and, for a failed one, its trace. */
    JsonNode taskStatus(String name, int task) throws IOException {
        HttpResponse<String> response =
                send(HttpRequest.newBuilder(connector(name, "/status")).GET());
        if (response.statusCode() == 404) {
            return JSON.createObjectNode();
        }
        expect(response, 200);
        for (JsonNode status : JSON.readTree(response.body()).path("tasks")) {
            if (status.path("id").asInt() == task) {
                return status;
            }
        }
        return JSON.createObjectNode();
    }

    void awaitTaskState(String name, int task, String state) throws InterruptedException {
        TestUtils.waitForCondition(
                () -> taskState(name, task).equals(state),
                WAIT_MS,
                () -> "task " + task + " of " + name + " is not " + state + ": " + statusOrError(name, task));
    }

    private String statusOrError(String name, int task) {
        try {
            return taskStatus(name, task).toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private URI connector(String name, String path) {
        return base.resolve("connectors/" + name + path);
    }

    private static HttpRequest.Builder post(URI uri) {
        return HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static void expect(HttpResponse<String> response, int... statuses) throws IOException {
        for (int status : statuses) {
            if (response.statusCode() == status) {
                return;
            }
        }
        throw new IOException(response.request().method() + " " + response.uri() + " answered " + response.statusCode()
                + ": " + response.body());
    }
}
