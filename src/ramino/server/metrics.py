"""What an operator watches of a ``ramino serve`` process, as Prometheus metrics (``/metrics``):
tables owned, sockets open, moves acknowledged, the time from a move's arrival to its
acknowledgement, and the store's commits. Each application has a registry of its own, so that
several in one process (the tests') never mix their figures."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

__all__ = ["Metrics"]

#: Buckets of the act → ack histogram, in seconds: a person notices 100 ms.
_LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """The metrics of one application, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.tables = Gauge(
            "ramino_tables_owned", "Tables this process serves", registry=self.registry
        )
        self.sockets = Gauge(
            "ramino_sockets_open", "Sockets of seats and spectators open", registry=self.registry
        )
        self.acks = Counter(
            "ramino_acks", "Moves acknowledged (stored, then answered)", registry=self.registry
        )
        self.act_to_ack = Histogram(
            "ramino_act_to_ack_seconds",
            "From a move's arrival to its acknowledgement",
            buckets=_LATENCY,
            registry=self.registry,
        )
        self.commit = Histogram(
            "ramino_store_commit_seconds",
            "One transaction of the store's writer (many tables' moves)",
            buckets=_LATENCY,
            registry=self.registry,
        )
        self.given = Counter(
            "ramino_tables_given",
            "Tables handed to the process their clients reach",
            registry=self.registry,
        )
        self.relayed = Gauge(
            "ramino_sockets_relayed",
            "Sockets passed on to the process that owns their table",
            registry=self.registry,
        )
