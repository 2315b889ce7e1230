"""``arbitre index build [--force]``: build the retrieval index, or say it is already fresh."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("index", help="manage the retrieval index")
    actions = parser.add_subparsers(dest="index_command", required=True)
    build = actions.add_parser("build", help="build the index when missing or stale (corpus or model changed)")
    build.add_argument("--force", action="store_true", help="rebuild even when the index is fresh")
    build.set_defaults(handler=build_index)


def build_index(args: argparse.Namespace) -> int:
    from service.core.config import get_settings
    from service.core.retriever import build_retriever

    retriever = build_retriever(get_settings())
    report = retriever.warm_up(force_rebuild=args.force)
    finetuned = getattr(getattr(retriever.embedder, "inner", None), "report", None)
    if finetuned is not None:  # ARBITRE_EMBEDDING_MODEL=minilm-finetuned (index.finetune)
        done = f"trained in {finetuned.seconds:.0f} s" if finetuned.trained else "up to date"
        print(f"fine-tuned model {done}: {sum(finetuned.pairs.values())} pairs, {finetuned.steps} steps "
              f"-> {finetuned.folder}")
    if report.rebuilt:
        print(f"index built ({report.reason}): {report.chunks} chunks, {report.sentences} sentences "
              f"in {report.seconds:.1f} s -> {report.path}")
    else:
        print(f"index is up to date: {report.chunks} chunks, {report.sentences} sentences at {report.path}")
    return 0
