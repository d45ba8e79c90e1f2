package dev.jdkmatrix.engine;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.PushResponseItem;
import dev.jdkmatrix.ExitException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.RegistryAuthLocator;

/**
 * How the run images the Docker engine built reach a cluster's nodes: imported into the containerd
 * of the cluster make k8s-up runs on this machine (the pods' pull policy Never), or pushed to a
 * registry the user names, from which the nodes pull them (IfNotPresent: a run image's tag is a
 * hash of what is in it, so a tag never names two images).
 */
public sealed interface ImageDelivery permits ImageDelivery.Import, ImageDelivery.Push {

    /** The reference the pods name for {@code reference}, a run image of the Docker engine, brought to the cluster first where it is not there. */
    String bring(DockerClient docker, String reference, Consumer<String> say);

    /** The pods' imagePullPolicy. */
    String pullPolicy();

    /** Where the images go, for the screen and run.json. */
    String describe();

    /** The images imported into a containerd on this machine: {@code docker save} through the Docker API, piped into {@code ctr images import}. */
    record Import(Path socket) implements ImageDelivery {

        /** The containerd of make k8s-up's cluster, where no socket is named. */
        public static final Path LOCAL = Path.of("/run/jdkmatrix-k8s/containerd.sock");

        public Import {
            if (socket == null) socket = LOCAL;
        }

        @Override
        public String pullPolicy() {
            return "Never";
        }

        @Override
        public String describe() {
            return "imported into the containerd at " + socket;
        }

        @Override
        public String bring(DockerClient docker, String reference, Consumer<String> say) {
            if (!Files.exists(socket)) {
                throw new ExitException(ExitException.ENVIRONMENT, "the run images cannot reach the cluster: no containerd socket at " + socket
                        + "\n  fix: make k8s-up for this machine's cluster, give --cluster-containerd the socket of your cluster's containerd, "
                        + "or --registry a registry its nodes pull from");
            }
            if (present(reference)) return reference;
            long t0 = System.nanoTime();
            try (InputStream tar = docker.saveImageCmd(reference).exec()) {
                Process ctr = new ProcessBuilder("ctr", "-a", socket.toString(), "-n", "k8s.io", "images", "import", "-")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                try (OutputStream in = ctr.getOutputStream()) {
                    tar.transferTo(in);
                }
                if (ctr.waitFor() != 0) throw new IOException("ctr images import exited " + ctr.exitValue());
            } catch (IOException e) {
                throw new ExitException(ExitException.ENVIRONMENT, "importing " + reference + " into the cluster's containerd at " + socket
                        + " failed: " + e.getMessage() + "\n  fix: check that ctr (Debian's containerd) is installed and the cluster is up (make k8s-up)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while importing " + reference, e);
            }
            say.accept(String.format(Locale.ROOT, "image %s imported into the cluster in %.1f s", reference, (System.nanoTime() - t0) / 1e9));
            return reference;
        }

        /** Whether the containerd has the image (a name without a registry is docker.io's there). */
        private boolean present(String reference) {
            String full = reference.contains("/") && reference.substring(0, reference.indexOf('/')).contains(".") ? reference
                    : "docker.io/" + (reference.contains("/") ? reference : "library/" + reference);
            try {
                Process p = new ProcessBuilder("ctr", "-a", socket.toString(), "-n", "k8s.io", "images", "ls", "-q", "name==" + full)
                        .redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                return p.waitFor() == 0 && out.lines().anyMatch(full::equals);
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * The images pushed to {@code registry} (a host, with a port and a path where it has them:
     * {@code 127.0.0.1:5000/jdkmatrix}, {@code ghcr.io/me/bench}) under their own name and tag,
     * with the credentials {@code docker login} stored for it.
     */
    record Push(String registry) implements ImageDelivery {

        public Push {
            String last = registry == null ? "" : registry.substring(registry.lastIndexOf('/') + 1);
            boolean tagged = registry != null && (registry.contains("/") && last.contains(":") || registry.contains("@"));
            if (registry == null || registry.isBlank() || registry.endsWith("/") || registry.contains("://") || tagged
                    || registry.chars().anyMatch(Character::isWhitespace)) {
                throw new ExitException(ExitException.BAD_INPUT, "--registry '" + registry + "' is no registry to push to"
                        + "\n  fix: name a host, with its port and a path if it has them, and no tag: --registry 127.0.0.1:5000/jdkmatrix");
            }
        }

        @Override
        public String pullPolicy() {
            return "IfNotPresent";
        }

        @Override
        public String describe() {
            return "pushed to " + registry;
        }

        /** The name {@code reference} has in the registry: its last path element and tag under the registry's path. */
        String target(String reference) {
            return registry + "/" + reference.substring(reference.lastIndexOf('/') + 1);
        }

        @Override
        public String bring(DockerClient docker, String reference, Consumer<String> say) {
            String target = target(reference);
            int colon = target.lastIndexOf(':');
            String repository = target.substring(0, colon);
            String tag = target.substring(colon + 1);
            long t0 = System.nanoTime();
            try {
                docker.tagImageCmd(reference, repository, tag).exec();
                String[] error = new String[1];
                docker.pushImageCmd(repository).withTag(tag)
                        .withAuthConfig(RegistryAuthLocator.instance().lookupAuthConfig(DockerImageName.parse(target), new com.github.dockerjava.api.model.AuthConfig()))
                        .exec(new ResultCallback.Adapter<PushResponseItem>() {
                            @Override
                            public void onNext(PushResponseItem item) {
                                if (item.isErrorIndicated()) error[0] = item.getErrorDetail() != null ? item.getErrorDetail().getMessage() : item.getError();
                            }
                        }).awaitCompletion();
                if (error[0] != null) throw new IllegalStateException(error[0]);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while pushing " + target, e);
            } catch (RuntimeException e) {
                throw new ExitException(ExitException.ENVIRONMENT, "pushing " + reference + " to " + target + " failed: " + Docker.rootMessage(e)
                        + "\n  fix: check that the registry answers the Docker engine (docker push " + target + "), log in to it (docker login "
                        + registry.split("/")[0] + "), or name another with --registry", e);
            }
            say.accept(String.format(Locale.ROOT, "image %s pushed to %s in %.1f s", reference, target, (System.nanoTime() - t0) / 1e9));
            return target;
        }
    }
}
