"""``mahai serve``: the web table under uvicorn."""

from __future__ import annotations

from pathlib import Path

import typer

from mahai.cli.app import app


def default_db() -> str:
    """A SQLite file in the user data dir (``platformdirs.user_data_dir("mahai")``)."""
    from platformdirs import user_data_dir

    return "sqlite:///" + str(Path(user_data_dir("mahai")) / "mahai.sqlite3")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str = typer.Option("", help="Database URL: sqlite:///path or postgresql://… (default: a "
                                    "SQLite file in the user data dir)."),
    bot_pace: float = typer.Option(0.8, help="Seconds a bot waits before each move."),
) -> None:
    """Start the web platform: lobby, tables for every game, bots, replays."""
    import uvicorn

    from mahai.server import create_app

    url = db or default_db()
    application = create_app(url, pace=bot_pace)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"Mahai: open http://{shown}:{port}/ in your browser (database: {url.split('@')[-1]})")
    uvicorn.run(application, host=host, port=port, log_level="warning")
