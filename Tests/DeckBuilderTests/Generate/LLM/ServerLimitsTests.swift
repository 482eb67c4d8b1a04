import Foundation
import Testing
@testable import DeckBuilder

/// What llama.cpp and Ollama say of their limits, read from their own answers.
@Suite("Server limits")
struct ServerLimitsTests {
    @Test("llama.cpp's /props: the context of a slot, and the slots")
    func llamaCpp() {
        let props = #"{"default_generation_settings": {"n_ctx": 4096, "temperature": 0.8}, "total_slots": 2, "chat_template": "x"}"#
        #expect(ServerLimits.llamaCpp(Data(props.utf8)) == ServerLimits(contextTokens: 4096, slots: 2))
        #expect(ServerLimits.llamaCpp(Data(#"{"n_ctx": 2048}"#.utf8)) == ServerLimits(contextTokens: 2048, slots: nil))
        #expect(ServerLimits.llamaCpp(Data("{}".utf8)) == nil)
        #expect(ServerLimits.llamaCpp(Data("<html>".utf8)) == nil)
    }

    @Test("Ollama's /api/show: num_ctx when the Modelfile sets it, else Ollama's default")
    func ollama() {
        let set = #"{"parameters": "stop \"<|im_end|>\"\nnum_ctx 8192\ntemperature 0.7", "model_info": {"qwen2.context_length": 32768}}"#
        #expect(ServerLimits.ollama(Data(set.utf8)) == ServerLimits(contextTokens: 8192, slots: nil))
        let unset = #"{"model_info": {"llama.context_length": 131072}}"#
        #expect(ServerLimits.ollama(Data(unset.utf8)) == ServerLimits(contextTokens: ServerLimits.ollamaDefaultContext, slots: nil))
        #expect(ServerLimits.ollama(Data("{}".utf8)) == nil)
    }

    @Test("the server's root is the base URL without /v1")
    func root() {
        #expect(ServerLimits.serverRoot(URL(string: "http://127.0.0.1:8080/v1")!).absoluteString == "http://127.0.0.1:8080")
        #expect(ServerLimits.serverRoot(URL(string: "http://127.0.0.1:11434/v1/")!).absoluteString == "http://127.0.0.1:11434")
        #expect(ServerLimits.serverRoot(URL(string: "http://box:8000")!).absoluteString == "http://box:8000")
    }

    @Test("settings take the server's context unless set, and its slots unless the concurrency was given")
    func fitting() {
        var settings = LLMSettings()
        settings.concurrency = 4
        let limits = ServerLimits(contextTokens: 2048, slots: 1)
        let fitted = settings.fitted(to: limits, concurrencyGiven: false)
        #expect(fitted.contextTokens == 2048 && fitted.concurrency == 1)
        settings.contextTokens = 16384
        settings.contextIsSet = true
        let kept = settings.fitted(to: limits, concurrencyGiven: true)
        #expect(kept.contextTokens == 16384 && kept.concurrency == 4)
    }
}
