"""pnp's small, safe expression language, and the text templates built on it.

Designers write checks (`rank != none and stars >= 1`), statistics
(`max([c.gold for c in items], default=0)`) and layout texts (`"{game.currency}{value}"`)
in the game's YAML. `parse` reads an expression once, with Python's own parser, and
refuses everything outside a small whitelist; what remains is turned into a tree of
closures, each taking `(env, frame)`, evaluated many times on items. No user text ever
reaches eval, exec or compile-to-code.

`frame` is a small list made afresh for each evaluation: `frame[0]` is the number of steps
left, `frame[1]` the language texts are written in, and the rest hold the variables that
comprehensions bind (and the operands of chained comparisons). Every node costs a step: the
nodes outside comprehensions are counted when the expression is parsed and charged once per
evaluation, those inside once per element. A function call also costs the elements it is
given and those it returns, and `+` the length of the text or list it makes, so that no
evaluation does much more work than its budget of MAX_STEPS.

Every cost is charged before the work is done, so that a refusal comes before the memory or
the time is spent: a text or list is measured before it is made, a value before it is written
(`costs.measure`: nested lists counted each time they are reached, a list holding one list a
thousand times costing it a thousand times, though it is looked at once), two lists compared
element by element as Python would, each comparison charged as it is made (`costs.compared`),
and a source before it is parsed (MAX_SOURCE). The evaluations also share a total budget
(`new_budget`, which each validation starts): many cheap evaluations are bounded as a whole.

The rooms: limits (the bounds, ExpressionError, the total budget), format (values written as
text), costs, functions (the registry and the general functions), operators, compiler,
expression (parse) and template. The functions on a subject are its module's: pnp.model.hexes and
pnp.model.colours register theirs, imported here so that every expression can call them.
"""

from __future__ import annotations

from .expression import Expression, parse
from .format import MINUS, format_value
from .functions import CONSTANTS, FUNCTIONS, Function, function
from .limits import (MAX_BITS, MAX_DEPTH, MAX_EXPONENT, MAX_FORMAT_WIDTH, MAX_LENGTH, MAX_SOURCE, MAX_STEPS,
                     MAX_TOTAL_STEPS, ExpressionError, new_budget, not_a_list, steps_spent)
from .template import Template, parse_template
from ..model import hexes
from ..model import colours  # noqa: F401  (each registers its functions)

__all__ = ["CONSTANTS", "FUNCTIONS", "MAX_BITS", "MAX_DEPTH", "MAX_EXPONENT", "MAX_FORMAT_WIDTH", "MAX_LENGTH",
           "MAX_SOURCE", "MAX_STEPS", "MAX_TOTAL_STEPS", "MINUS", "Expression", "ExpressionError", "Function",
           "Template", "format_value", "function", "new_budget", "not_a_list", "parse", "parse_template", "steps_spent"]
