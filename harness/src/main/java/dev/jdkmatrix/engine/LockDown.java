package dev.jdkmatrix.engine;

import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import dev.jdkmatrix.images.Images;
import java.util.List;
import java.util.Map;

/** The lock-down of every container a session runs: who it runs as, what it may not do. */
public final class LockDown {

    private LockDown() {}

    /** Unprivileged user the workload runs as (the Dockerfiles create it too). */
    public static final String USER = Images.IMAGE_USER_ID + ":" + Images.IMAGE_USER_ID;
    /** Processes and threads a container may have: room for 10,000 platform threads, not for a fork bomb. */
    public static final long PIDS_LIMIT = 32_768;

    /**
     * What every container of a run gets, the measured one and an upstream stub alike: read-only
     * root with a small tmpfs /tmp, no capability, no privilege gain, a pids limit.
     */
    static HostConfig apply(HostConfig host) {
        return host.withReadonlyRootfs(true)
                .withTmpFs(Map.of("/tmp", "rw,nosuid,nodev,size=64m"))
                .withCapDrop(Capability.ALL)
                .withSecurityOpts(List.of("no-new-privileges"))
                .withPidsLimit(PIDS_LIMIT);
    }
}
