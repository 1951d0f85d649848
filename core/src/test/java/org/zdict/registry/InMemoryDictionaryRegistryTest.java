package org.zdict.registry;

class InMemoryDictionaryRegistryTest extends DictionaryRegistryContract {
    @Override
    DictionaryRegistry newRegistry() {
        return new InMemoryDictionaryRegistry();
    }
}
