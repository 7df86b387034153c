"""What a freshly read map's objects were given, counted in bulk, and their field sets shared.

The many small things of a map are records (model/record.py), which keep no note of what they
were given: the walk counts every field of a record, and the quick reader takes away the
defaults its validators saw records take (io/counting.py). The few pydantic models (the map, tokens, grids, the
conflict) keep the set of field names their input gave (728 bytes for nine); a map file written
by Tabletop gives every field, so those sets are all equal and one shared set per class holds
the same names. The set is never emptied or shrunk; pydantic only adds a name to it when a
field is assigned, and every name is already in it.

The same walk counts the keys the objects were given, which lets io/bulk_read.py prove a file
has no key written twice without parsing it a second time.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from itertools import chain, repeat
from operator import attrgetter
from types import NoneType
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from tabletop.model.record import Record

FIELDS_SET = "__pydantic_fields_set__"
OBJECTS = (BaseModel, Record)
_fields_set = attrgetter(FIELDS_SET)


def given_keys(root: BaseModel | list[BaseModel], skip: tuple[str, ...] = ()) -> int:
    """The number of keys the input gave to `root` (an object or a list of them) and every
    object inside it (a dict field's keys included), sharing each class's field set where an
    object was given every field. `skip` names fields of `root` not to walk into (lists
    counted already). A record counts all its fields: the caller takes away the defaults
    its validators counted (io/counting.py).

    For models a count that misses something is only ever too low, never too high: callers
    compare it with the keys in the file, and a difference sends them the slow, exact way."""
    total = 0
    pending: list[list[Any]] = [root if isinstance(root, list) else [root]]
    leave_out = set(skip)
    while pending:
        found: list[list[Any]] = []
        for objects in pending:
            for kind, group in _by_class(objects).items():
                every = _every_field(kind)
                if issubclass(kind, Record):  # keeps no set of what it was given
                    total += len(every) * len(group)
                else:
                    counted = sum(map(len, map(_fields_set, group)))
                    total += counted
                    if counted == len(every) * len(group):
                        # each object's set is a subset of the fields, so equal sizes mean all equal
                        list(map(object.__setattr__, group, repeat(FIELDS_SET), repeat(every)))
                for name in _fields_holding_objects(kind):
                    if name in leave_out:
                        continue
                    inner: list[Any] = []
                    total += _gather(list(map(attrgetter(name), group)), inner)
                    if inner:
                        found.append(inner)
        pending, leave_out = found, set()
    return total


def keys_inside(value: Any) -> int:
    """The keys given_keys counts inside one field's value: none in a text, a number or an
    empty list; each field of a record in it, the names given to a model in it, a dict's keys."""
    if value is None or isinstance(value, (str, int, float)) or value == []:
        return 0
    found: list[Any] = []
    keys = _gather([value], found)
    return keys + (given_keys(found) if found else 0)


def _by_class(objects: list[Any]) -> dict[type, list[Any]]:
    kinds = set(map(type, objects))
    if len(kinds) == 1:
        return {kinds.pop(): objects}
    groups: dict[type, list[Any]] = {kind: [] for kind in kinds}
    for obj in objects:
        groups[type(obj)].append(obj)
    return groups


def _gather(values: list[Any], found: list[Any]) -> int:
    """Models among `values` (each None, a model, a list or a dict) join `found`; returns the
    keys of the dicts among them, which are given keys too."""
    kinds = set(map(type, values))
    if all(issubclass(k, OBJECTS) for k in kinds):
        found.extend(values)
        return 0
    if kinds <= {NoneType} | {k for k in kinds if issubclass(k, OBJECTS)}:
        found.extend(v for v in values if v is not None)
        return 0
    if kinds == {list}:
        items = list(chain.from_iterable(values))
        return _gather(items, found) if items else 0
    keys = 0
    for value in values:
        if isinstance(value, OBJECTS):
            found.append(value)
        elif isinstance(value, dict):
            keys += len(value) + _gather(list(value.values()), found)
        elif isinstance(value, (list, tuple)) and value:
            keys += _gather(list(value), found)
    return keys


@functools.cache
def _every_field(kind: type[BaseModel | Record]) -> set[str]:
    """The one set shared by every object of `kind` that was given all its fields."""
    return set(kind.model_fields)


@functools.cache
def _fields_holding_objects(kind: type[BaseModel | Record]) -> tuple[str, ...]:
    """The fields whose values may hold a model or a dict; the rest (text, numbers, points)
    hold nothing the walk needs, and skipping them is most of its speed."""
    return tuple(name for name, field in kind.model_fields.items() if _holds_objects(field.annotation))


def _holds_objects(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, (*OBJECTS, Mapping)):
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return False
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return True
    return any(_holds_objects(arg) for arg in get_args(annotation))
