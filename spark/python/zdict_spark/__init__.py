"""zdict for PySpark: the zdict SQL functions as columns, registering them, and training from a DataFrame.

The column functions go through ``pyspark.sql.functions.call_function``, so they work on a classic session
and on Spark Connect alike, once the session has the functions: ``register(spark)`` in a classic session,
or ``spark.sql.extensions=org.zdict.spark.ZdictExtensions`` when the session (or the Connect server) starts.
``register`` and ``train`` call the JVM (``zdict-spark`` on the driver's class path) through py4j, which a
Spark Connect client does not have.

    from zdict_spark import register, zdict_decode_string
    register(spark)
    events.select(zdict_decode_string("value", "/srv/zdict/registry", {"mode": "PERMISSIVE"}))
"""

from typing import Mapping, Optional, Union

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql.functions import call_function, col, create_map, lit

__all__ = [
    "register",
    "zdict_decode",
    "zdict_decode_string",
    "zdict_decode_error",
    "zdict_encode",
    "permissive_nulls",
    "train",
]

ColumnOrName = Union[Column, str]


def _column(value: ColumnOrName) -> Column:
    return col(value) if isinstance(value, str) else value


def _call(name: str, value: ColumnOrName, registry: str, options: Optional[Mapping[str, str]]) -> Column:
    arguments = [_column(value), lit(registry)]
    if options:
        entries = []
        for key in sorted(options):
            entries += [lit(str(key)), lit(str(options[key]))]
        arguments.append(create_map(*entries))
    return call_function(name, *arguments)


def register(spark: SparkSession) -> None:
    """Registers zdict_decode, zdict_decode_string, zdict_decode_error and zdict_encode in a classic session
    that exists."""
    spark._jvm.org.zdict.spark.ZdictFunctions.register(spark._jsparkSession)


def zdict_decode(value: ColumnOrName, registry: str, options: Optional[Mapping[str, str]] = None) -> Column:
    """The original bytes of each zdict value (binary); options: mode (FAILFAST or PERMISSIVE), and the
    serde settings zdict.X as X, such as unknown.version.wait.ms."""
    return _call("zdict_decode", value, registry, options)


def zdict_decode_string(value: ColumnOrName, registry: str, options: Optional[Mapping[str, str]] = None) -> Column:
    """As zdict_decode, the original bytes as a UTF-8 string (for from_json)."""
    return _call("zdict_decode_string", value, registry, options)


def zdict_decode_error(value: ColumnOrName, registry: str, options: Optional[Mapping[str, str]] = None) -> Column:
    """Null for each value that decodes, otherwise why it cannot be decoded (string): the line a FAILFAST
    zdict_decode fails with. Takes the options of the zdict_decode call it explains (mode changes nothing)."""
    return _call("zdict_decode_error", value, registry, options)


def zdict_encode(value: ColumnOrName, registry: str, options: Optional[Mapping[str, str]] = None) -> Column:
    """A zdict payload of each value (binary), with the active dictionary of options' subject (default)."""
    return _call("zdict_encode", value, registry, options)


def permissive_nulls(spark: SparkSession) -> dict:
    """The values PERMISSIVE calls turned into null so far, by reason, as counted on the driver."""
    counts = spark._jvm.org.zdict.spark.ZdictFunctions.permissiveNulls()
    return {reason: counts.get(reason) for reason in counts.keySet()}


def train(events: DataFrame, column: str, registry: str, subject: str = "default", activate: bool = False):
    """Trains a dictionary on a binary or string column (sampled on the cluster, zdict train's default plan)
    and publishes it into subject of registry, active at once if activate. Returns the JVM's
    TrainedDictionary: version(), heldOutRatio(), dictSize(), level(), eventsSampled()."""
    jvm = events.sparkSession._jvm
    return jvm.org.zdict.spark.ZdictTraining.train(events._jdf, column, registry, subject, activate)
