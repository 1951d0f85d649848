package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextPoolTest {
    private static final class FakeContext implements AutoCloseable {
        int closes;

        @Override
        public void close() {
            closes++;
        }
    }

    private final List<FakeContext> created = new ArrayList<>();
    private final ContextPool<FakeContext> pool = new ContextPool<>(() -> {
        FakeContext context = new FakeContext();
        created.add(context);
        return context;
    });

    @Test
    void reusesAContextGivenBack() {
        FakeContext first = pool.borrow();
        pool.giveBack(first);
        assertSame(first, pool.borrow());
        assertEquals(1, created.size());
    }

    @Test
    void givesEachConcurrentBorrowerItsOwnContext() {
        FakeContext first = pool.borrow();
        FakeContext second = pool.borrow();
        assertNotSame(first, second);
        pool.giveBack(first);
        pool.giveBack(second);
        FakeContext again = pool.borrow();
        FakeContext againToo = pool.borrow();
        assertEquals(2, created.size(), "both came back and were reused");
        assertNotSame(again, againToo);
    }

    @Test
    void closeClosesIdleContextsAtOnceAndABorrowedOneWhenItComesBack() {
        FakeContext idleOne = pool.borrow();
        FakeContext idleTwo = pool.borrow();
        FakeContext inUse = pool.borrow();
        pool.giveBack(idleOne);
        pool.giveBack(idleTwo);
        pool.close();
        assertEquals(1, idleOne.closes);
        assertEquals(1, idleTwo.closes);
        assertEquals(0, inUse.closes, "never closed under the call using it");
        pool.giveBack(inUse);
        assertEquals(1, inUse.closes);
        assertFalse(created.stream().anyMatch(c -> c.closes > 1));
    }

    @Test
    void aContextBorrowedAfterCloseIsClosedWhenGivenBack() {
        pool.close();
        FakeContext late = pool.borrow();
        pool.giveBack(late);
        assertEquals(1, late.closes);
        assertTrue(created.stream().allMatch(c -> c.closes == 1));
    }
}
