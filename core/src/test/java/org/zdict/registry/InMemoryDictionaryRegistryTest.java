package org.zdict.registry;

class InMemoryDictionaryRegistryTest extends DictionaryRegistryContract {
    @Override
    protected DictionaryRegistry newRegistry() {
        return new InMemoryDictionaryRegistry();
    }
}
