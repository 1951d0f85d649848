/**
 * The training engine as a library: a {@link org.zdict.engine.TrainingPlan} (event sources, grid,
 * objective, sample limits), a {@link org.zdict.engine.TrainingEngine} that samples, trains and
 * measures, and a {@link org.zdict.engine.TrainingResult} with every grid point, the baselines and the
 * choice with its reason as data ({@link org.zdict.engine.ChoiceReason}). Progress goes to a {@link
 * org.zdict.engine.ProgressListener}; {@link org.zdict.engine.Publisher} publishes the choice through a
 * registry. Nothing here prints, exits or reads system properties: the {@code zdict} command is a thin
 * layer over it.
 */
package org.zdict.engine;
