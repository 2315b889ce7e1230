"""The scenario playground in real headless Chromium: paste a scenario, run it, follow a cited rule."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.design.test_yaml_scenarios import SCENARIO
from tests.widget.conftest import CORPUS_DIR
from tests.widget.chromium import chromium, playwright_or_skip
from tests.widget.servers import start_server, stop_server

pytestmark = [pytest.mark.browser, pytest.mark.integration]

sync_api = playwright_or_skip()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("playground")
    env = {"ARBITRE_FEEDBACK_DB": str(folder / "feedback.sqlite3"), "ARBITRE_CORPUS_DIR": str(CORPUS_DIR),
           "ARBITRE_RECORD_QUESTIONS": "false"}
    process, base_url = start_server("tests.widget.servers:double_app", env, folder / "server.log")
    yield base_url
    stop_server(process)


@pytest.fixture
def page(server: str) -> Iterator[object]:
    with chromium(sync_api) as browser:
        opened = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(str(error)))
        yield opened
        assert errors == [], errors


def test_a_pasted_scenario_runs_and_its_rules_link_into_the_viewer(page: object, server: str) -> None:
    page.goto(f"{server}/games/emblemes/playground")
    assert page.locator("#scenario").input_value().startswith("game: emblemes")  # an example to start from
    page.locator("#scenario").fill(SCENARIO)
    page.get_by_role("button", name="Run").click()
    sync_api.expect(page.locator("#trace .passed")).to_contain_text("PASS")
    rejected = page.locator("#trace .event.rejected")
    sync_api.expect(rejected).to_contain_text("already_selected")
    rule = page.locator("#trace a.rule").first
    href = rule.get_attribute("href")
    assert href.startswith("/games/emblemes?q=") and "#emblemes--" in href
    anchor = href.split("#", 1)[1]
    rule.click()
    page.wait_for_url(f"**/games/emblemes?q=*#{anchor}")
    assert page.locator(f"[id='{anchor}']").count() == 1


def test_an_error_names_the_field_and_its_line(page: object, server: str) -> None:
    page.goto(f"{server}/games/emblemes/playground")
    page.locator("#scenario").fill(SCENARIO.replace("card: Chasseur}", "card: Dragon}"))
    page.get_by_role("button", name="Run").click()
    sync_api.expect(page.locator("#trace .failures")).to_contain_text(
        "Error 422: Invalid scenario field 'steps[0]': line 11: card")
