"""The shape of ``ramino serve``'s HTTP API: every route answers with a schema that
``/openapi.json`` describes, refusals included, and no page of documentation is served that
would load scripts from elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI

from ramino.server.app import create_app
from ramino.server.store import Store


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(Store(f"sqlite:///{tmp_path / 'ramino.db'}"))


def test_every_answer_of_the_api_has_its_schema(app: FastAPI) -> None:
    spec = app.openapi()
    operations = [
        (method, path, operation)
        for path, methods in spec["paths"].items()
        for method, operation in methods.items()
    ]
    assert {path for _, path, _ in operations} >= {
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/deals",
        "/api/tables/{table_id}/seats",
        "/api/rules",
        "/api/rules/describe",
        "/api/sheet",
        "/api/quick",
        "/api/quick/me",
        "/healthz",
        "/readyz",
        "/metrics",
    }
    for method, path, operation in operations:
        for status, answer in operation["responses"].items():
            schemas = [kind.get("schema") for kind in answer.get("content", {}).values()]
            assert schemas and all(schemas), (method, path, status)
    components = spec["components"]["schemas"]
    assert {"TableInfo", "LobbyEntry", "Seated", "Deals", "Catalogue", "SheetAnswer"} <= set(
        components
    )
    assert "commitment" in components["TableInfo"]["properties"]
    assert {"QuickWaiting", "QuickStatus", "QuickCounts"} <= set(components)


def test_no_documentation_page_loads_scripts_from_elsewhere(app: FastAPI) -> None:
    paths = {getattr(route, "path", None) for route in app.routes}
    assert "/openapi.json" in paths
    assert not paths & {"/docs", "/redoc", "/docs/oauth2-redirect"}
