"""Simulations on a Ray cluster (optional extra ``ludinum[cluster]``).

The tasks are the same chunks of games as the local process pool
(:func:`ludinum.sim.runner.play_chunk`): game ``i`` gets the seeds derived from
``(seed, i)`` wherever it runs, so a run gives the same records on Ray as on one machine.
Each task plays a batch of games (up to 500), so that Ray's per-task overhead stays small.

``address``: ``auto`` (a cluster already started on this machine, ``ray start --head``),
``ray://host:port`` (Ray Client), or ``local`` (start a Ray on this machine). When Ray is
already initialised in this process (a test, a notebook), it is used as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ludinum.engine import LudinumError

J = TypeVar("J")
R = TypeVar("R")


class ClusterError(LudinumError):
    code = "cluster"


def _ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ClusterError(
            "--cluster demande Ray : pip install 'ludinum[cluster]'.",
            "--cluster needs Ray: pip install 'ludinum[cluster]'.",
        ) from None
    return ray


def connect(address: str, workers: int | None = None) -> Any:
    """The ``ray`` module, connected to ``address`` (once per process); ``local`` starts
    a Ray on this machine with ``workers`` CPUs (all of them by default)."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    kwargs: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False}
    if address == "local":
        kwargs["num_cpus"] = workers
        kwargs["include_dashboard"] = False
    else:
        kwargs["address"] = address
    if address.startswith("ray://"):
        import ludinum

        # Ship this ludinum to the cluster's workers (same code, same results).
        kwargs["runtime_env"] = {"py_modules": [ludinum]}
    try:
        ray.init(**kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ClusterError(
            f"--cluster : impossible de joindre Ray à « {address} » ({exc}).",
            f"--cluster: cannot reach Ray at '{address}' ({exc}).",
        ) from None
    return ray


def cluster_cpus(address: str, workers: int | None = None) -> int:
    """The cluster's CPUs, to cut the run in enough tasks for all of them."""
    ray = connect(address, workers)
    return max(1, int(ray.cluster_resources().get("CPU", workers or 1)))


def ray_map(
    address: str, play: Callable[[J], R], jobs: Sequence[J], workers: int | None = None
) -> Iterator[R]:
    """``play(job)`` for each of ``jobs`` on the cluster, in the order of ``jobs``."""
    ray = connect(address, workers)
    task = ray.remote(play)
    pending = [task.remote(job) for job in jobs]
    for ref in pending:
        result: R = ray.get(ref)
        yield result
