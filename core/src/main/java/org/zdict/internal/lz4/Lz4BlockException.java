package org.zdict.internal.lz4;

/**
 * A corrupt LZ4 block: what was wrong, as one of the fixed phrases below that tests match, and the byte
 * offset in the block (from the start of the block, not of the caller's array) where it was found.
 */
public final class Lz4BlockException extends RuntimeException {
    public static final String EMPTY_INPUT = "Empty block";
    public static final String LENGTH_PAST_INPUT = "Length bytes past the end of the block";
    public static final String LENGTH_OVERFLOW = "Length overflows";
    public static final String LITERALS_PAST_INPUT = "Literal run past the end of the block";
    public static final String LITERALS_PAST_ROOM = "Literal run past the output room";
    public static final String OFFSET_PAST_INPUT = "Match offset past the end of the block";
    public static final String OFFSET_ZERO = "Match offset of zero";
    public static final String OFFSET_BEFORE_DICTIONARY = "Match offset before the dictionary start";
    public static final String MATCH_PAST_ROOM = "Match past the output room";
    public static final String ENDS_AFTER_MATCH = "Block ends after a match, not with literals";

    private static final long serialVersionUID = 1L;

    private final int offset;
    private final String phrase;

    Lz4BlockException(String phrase, int offset) {
        super(phrase + " at offset " + offset);
        this.phrase = phrase;
        this.offset = offset;
    }

    /** Where in the block the problem was found. */
    public int offset() {
        return offset;
    }

    /** One of this class's constants. */
    public String phrase() {
        return phrase;
    }
}
