/**
 * Spark SQL functions for zdict values: {@code zdict_decode(value, registry[, mode])} and
 * {@code zdict_encode(value, registry[, subject])}, registered by the session extension {@link
 * org.zdict.spark.ZdictExtensions}, and {@link org.zdict.spark.ZdictFunctions} for the DataFrame API;
 * {@link org.zdict.spark.ZdictTraining} trains and publishes a dictionary from a DataFrame's values.
 */
package org.zdict.spark;
